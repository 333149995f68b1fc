// The signed-in user's sessions in Settings: what signed in, from where, when it was last
// used, which one is this browser; any other can be ended, or all of them at once. The
// device names and addresses are the server's words, shown as text.

import { el, replaceChildren, setText } from '../dom.js';
import { attempt } from './shared/attempt.js';

const when = (iso) => new Date(iso).toLocaleString();

export function sessionList({ actions }) {
  const list = el('ul', { class: 'session-list', id: 'session-list' });
  const endOthers = el('button', { type: 'button', class: 'secondary', id: 'end-other-sessions',
    text: 'Sign out everywhere else' });
  const status = el('p', { class: 'muted', role: 'status', id: 'sessions-status' });
  const error = el('p', { class: 'form-error', role: 'alert', id: 'sessions-error' });

  function row(session) {
    const where = session.address ? ` · from ${session.address}` : '';
    const item = el('li', { class: 'session', dataset: { session: session.id, current: String(session.current) } },
      el('span', { class: 'session-device', text: session.device }),
      el('span', { class: 'muted', text: ` · last used ${when(session.last_used_at)}${where}` }));
    if (session.current) {
      item.append(el('strong', { class: 'session-current', text: ' · this browser' }));
    } else {
      const end = el('button', { type: 'button', class: 'secondary small session-end', text: 'End',
        'aria-label': `End the session of ${session.device}` });
      end.addEventListener('click', () => attempt(async () => {
        await actions.endSession(session.id);
        setText(status, `The session of ${session.device} is ended.`);
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
    setText(status, ended === 1 ? 'One other session is ended.' : `${ended} other sessions are ended.`);
    await load();
  }, { refusal: error, button: endOthers }));

  attempt(load, { refusal: error });
  const node = el('section', { class: 'settings-section', 'aria-labelledby': 'sessions-title' },
    el('h2', { id: 'sessions-title', text: 'Where you are signed in' }),
    list, endOthers, status, error);
  return { node };
}
