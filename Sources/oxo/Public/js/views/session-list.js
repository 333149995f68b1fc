// The signed-in user's sessions in Settings: what signed in, from where, when it was last
// used, which one is this browser; any other can be ended, or all of them at once. The
// device names and addresses are the server's words, shown as text.

import { el, replaceChildren, setText } from '../dom.js';
import { attempt } from './shared/attempt.js';
import { formatDate, t } from '../i18n.js';

const when = (iso) => formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The server names a device from a short English list ("Chrome on Linux", "A program on
 * Android", "oxo terminal", "OXO SDK", "Unknown device"): said here in the page's words.
 * The browsers' and systems' names are names in every language.
 */
export function deviceWords(device) {
  if (device === 'Unknown device') return t('sessions.device.unknown');
  if (device === 'oxo terminal') return t('sessions.device.terminal');
  const program = /^A program on (.+)$/.exec(device);
  if (program) return t('sessions.device.program', { system: program[1] });
  const browser = /^(.+) on (.+)$/.exec(device);
  if (browser) return t('sessions.device.browser', { browser: browser[1], system: browser[2] });
  return device;
}

export function sessionList({ actions }) {
  const list = el('ul', { class: 'session-list', id: 'session-list' });
  const endOthers = el('button', { type: 'button', class: 'secondary', id: 'end-other-sessions',
    text: t('sessions.endOthers') });
  const status = el('p', { class: 'muted', role: 'status', id: 'sessions-status' });
  const error = el('p', { class: 'form-error', role: 'alert', id: 'sessions-error' });

  function row(session) {
    const used = t('sessions.lastUsed', { date: when(session.last_used_at) });
    const where = session.address ? ` · ${t('sessions.from', { address: session.address })}` : '';
    const item = el('li', { class: 'session', dataset: { session: session.id, current: String(session.current) } },
      el('span', { class: 'session-device', text: deviceWords(session.device) }),
      el('span', { class: 'muted', text: ` · ${used}${where}` }));
    if (session.current) {
      item.append(el('strong', { class: 'session-current', text: ` · ${t('sessions.thisBrowser')}` }));
    } else {
      const end = el('button', { type: 'button', class: 'secondary small session-end', text: t('sessions.end'),
        'aria-label': t('sessions.endLabel', { device: deviceWords(session.device) }) });
      end.addEventListener('click', () => attempt(async () => {
        await actions.endSession(session.id);
        setText(status, t('sessions.ended', { device: deviceWords(session.device) }));
        await load();
      }, { refusal: error, button: end }));
      item.append(' ', end);
    }
    return item;
  }

  async function load() {
    const sessions = await actions.sessions();
    replaceChildren(list, sessions.map(row));
    endOthers.hidden = !sessions.some((session) => !session.current);
  }

  endOthers.addEventListener('click', () => attempt(async () => {
    const { ended } = await actions.endOtherSessions();
    setText(status, t('sessions.othersEnded', { count: ended }));
    await load();
  }, { refusal: error, button: endOthers }));

  attempt(load, { refusal: error });
  const node = el('section', { class: 'settings-section', 'aria-labelledby': 'sessions-title' },
    el('h2', { id: 'sessions-title', text: t('sessions.title') }),
    list, endOthers, status, error);
  return { node };
}
