// Which kinds of notification the user wants: a checkbox per kind (the kinds and their
// words are notification-text.js's), inside the bell's panel. A kind switched off is not
// stored at all (PUT /v1/me/notification-settings). Above them, the Web Push switch for
// this device (push-switch.js).

import { el, replaceChildren } from '../dom.js';
import { attempt } from './shared/attempt.js';
import { pushSwitch } from './push-switch.js';
import { NOTIFICATION_SETTINGS } from './shared/notification-text.js';
import { t } from '../i18n.js';

export function notificationSettings({ actions, push }) {
  const list = el('div', { class: 'settings-list', role: 'group', 'aria-label': t('notifications.kinds') });
  const error = el('p', { class: 'refusal', role: 'alert' });
  const device = pushSwitch({ push });
  const node = el('details', { class: 'notification-settings', id: 'notification-settings' },
    el('summary', { text: t('notifications.choose') }), device.node, list, error);
  let muted = null;

  function render() {
    replaceChildren(list, NOTIFICATION_SETTINGS.map(([kind, label]) => {
      const box = el('input', { type: 'checkbox', id: `notify-${kind}`, checked: !muted.has(kind), dataset: { kind } });
      box.addEventListener('change', () => save(kind, box));
      return el('label', { class: 'setting', for: `notify-${kind}` }, box, ' ', label);
    }));
  }

  async function save(kind, box) {
    const next = new Set(muted);
    if (box.checked) next.delete(kind); else next.add(kind);
    box.disabled = true;
    await attempt(async () => { muted = new Set(await actions.setMutedNotifications([...next])); }, { refusal: error });
    render();
  }

  // Read when first opened.
  node.addEventListener('toggle', () => {
    if (node.open) device.load();
    if (!node.open || muted) return;
    attempt(async () => {
      muted = new Set(await actions.mutedNotifications());
      render();
    }, { refusal: error });
  });
  return { node };
}
