// A chat room on screen: its messages with day separators, older ones on request, and a
// form to write text and attach a photo. It follows the room's topic while shown, so the
// room's recent history comes with the snapshot when the page is reloaded or arrives late.

import { el, replaceChildren, setText } from '../dom.js';
import { messageNode } from './chat-message.js';
import { dayOf } from './shared/days.js';
import { attempt } from './shared/attempt.js';
import { photoProblem } from './shared/photo-checks.js';
import { t } from '../i18n.js';

/**
 * @param {object} options
 * @param {string} options.room "players:<game>", "watchers:<game>" or "conversation:<id>"
 * @param {string} options.label the room's name for people ("Players", "Watchers", a player's name)
 * @param {string} [options.other] in a conversation, the other member's id: "Seen" shows
 *        under the last of my messages they read
 * @param {(seq: number) => void} [options.onShown] called with the last message shown, to mark it read
 */
export function chatPanel({ store, actions, realtime, room, label, id = 'chat', other = null, onShown = () => {} }) {
  const me = () => store.state.session?.user.id;
  const list = el('ol', { class: 'chat-messages', id: `${id}-messages`, 'aria-label': t('chat.messagesOf', { room: label }),
    'aria-live': 'polite' });
  const older = el('button', { type: 'button', class: 'link-button chat-older', id: `${id}-older`, text: t('chat.older'), hidden: true });
  const empty = el('p', { class: 'muted chat-empty', id: `${id}-empty`, text: t('chat.empty') });
  const text = el('input', { id: `${id}-text`, class: 'chat-input', type: 'text', maxlength: 1000, autocomplete: 'off',
    'aria-label': t('chat.messageTo', { room: label }), placeholder: t('chat.placeholder') });
  const photo = el('input', { id: `${id}-photo`, type: 'file', accept: 'image/png,image/jpeg,image/webp,image/gif',
    class: 'chat-photo-input', 'aria-label': t('chat.attach') });
  const send = el('button', { type: 'submit', class: 'primary', id: `${id}-send`, text: t('chat.send') });
  const problem = el('p', { class: 'form-error', role: 'alert', id: `${id}-problem` });
  const attach = el('label', { class: 'button chat-attach', for: `${id}-photo`, title: t('chat.attach'), text: t('chat.photo') });
  // The input stays focusable (hidden only to the eye), so the keyboard reaches it; its label shows the choice.
  const form = el('form', { class: 'chat-form', id: `${id}-form` }, text, photo, attach, send);
  const node = el('section', { class: 'chat-panel', id, dataset: { room }, 'aria-label': label },
    older, empty, list, form, problem);
  let sending = false;

  function showChosen() {
    const file = photo.files?.[0] ?? null;
    attach.classList.toggle('chosen', Boolean(file));
    setText(attach, file ? t('chat.photoChosen') : t('chat.photo'));
    attach.title = file ? t('chat.attached', { name: file.name }) : t('chat.attach');
  }
  photo.addEventListener('change', showChosen);
  let shownKey = '';

  const run = (work) => attempt(work, { refusal: problem });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (sending) return;
    const file = photo.files?.[0] ?? null;
    const words = text.value.trim();
    if (!words && !file) return;
    const refused = photoProblem(file);
    if (refused) return setText(problem, refused);
    sending = true;
    attempt(async () => {
      await actions.sendMessage(room, { text: words, file });
      text.value = '';
      photo.value = '';
      showChosen();
    }, { refusal: problem, button: send }).finally(() => {
      sending = false;
      text.focus();
    });
  });

  older.addEventListener('click', () => run(() => actions.olderMessages(room)));

  const remove = (message) => run(() => actions.deleteMessage(room, message.id));
  const report = (message) => run(async () => {
    await actions.reportMessage(message.id);
    setText(problem, t('chat.reported'));
  });

  function render(state) {
    const chat = state.chat.get(room);
    const messages = chat?.messages ?? [];
    const seenThrough = other ? chat?.seen?.[other] ?? 0 : 0;
    const lastSeen = [...messages].reverse().find((message) => message.sender.id === me() && message.seq <= seenThrough);
    const key = JSON.stringify([messages.map((m) => [m.seq, m.deleted]), lastSeen?.seq]);
    older.hidden = !chat?.older;
    empty.hidden = messages.length > 0;
    if (key === shownKey) return;
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    shownKey = key;
    const items = [];
    let day = null;
    for (const message of messages) {
      const { key: dayKey, text: dayText } = dayOf(message);
      if (dayKey !== day) {
        day = dayKey;
        // An item of the list like the messages (a list may hold only items), read as the
        // day's name before that day's messages.
        items.push(el('li', { class: 'chat-day', text: dayText }));
      }
      items.push(messageNode(message, { mine: message.sender.id === me(), seen: message === lastSeen, onDelete: remove, onReport: report }));
    }
    replaceChildren(list, items);
    if (atBottom || messages.length <= 50) list.scrollTop = list.scrollHeight;
    const last = messages[messages.length - 1];
    if (last) onShown(last.seq);
  }

  const topic = `chat:${room}`;
  realtime.follow(topic);
  const unsubscribe = store.subscribe(render);
  render(store.state);
  return {
    node,
    /** Sets how far the other member has read, from REST (the socket tells of later reads). */
    seen: (seq) => other && store.putSeen(room, { reader: other, seq }),
    destroy() {
      unsubscribe();
      realtime.unfollow(topic);
    },
  };
}
