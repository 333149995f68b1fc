// "On this device: notify me when the app is closed": the Web Push switch, among the
// notification settings. Hidden where it cannot work (a browser without push, or a server
// without it); the state it shows is the browser's subscription, read when first shown.

import { el, setText } from '../dom.js';
import { attempt } from './shared/attempt.js';
import { t } from '../i18n.js';

export function pushSwitch({ push }) {
  const box = el('input', { type: 'checkbox', role: 'switch', id: 'push-switch', disabled: true });
  const error = el('p', { class: 'refusal', role: 'alert', id: 'push-error' });
  const node = el('div', { class: 'push-setting', id: 'push-setting', hidden: true, dataset: { push: 'unknown' } },
    el('label', { class: 'setting', for: 'push-switch' }, box, ' ', t('push.switch')),
    el('p', { class: 'field-help', id: 'push-help', text: t('push.help') }),
    error);
  box.setAttribute('aria-describedby', 'push-help');

  function show(state) {
    node.dataset.push = state;
    node.hidden = state === 'unavailable';
    box.checked = state === 'on';
    box.disabled = false;
  }

  box.addEventListener('change', async () => {
    const wanted = box.checked;
    box.disabled = true;
    setText(error, '');
    await attempt(() => (wanted ? push.enable() : push.disable()), { refusal: error });
    show(await push.on().then((on) => (on ? 'on' : 'off')).catch(() => 'off'));
  });

  let read = false;
  /** Reads, once, whether push can work here and whether it is on. */
  async function load() {
    if (read) return;
    read = true;
    await attempt(async () => {
      if (!(await push.available())) return show('unavailable');
      show((await push.on()) ? 'on' : 'off');
    }, { refusal: error });
  }

  return { node, load };
}
