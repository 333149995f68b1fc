// Direct messages: #/messages lists my conversations (the other player's picture and
// name, the last message, how many are unread, the latest first); #/messages/<user id>
// opens the conversation with that player, starting it when there is none.

import { el, replaceChildren, setText } from '../dom.js';
import { conversationPath, profilePath } from '../router.js';
import { avatarImage } from './shared/avatar.js';
import { chatPanel } from './chat-panel.js';
import { botBadge } from './shared/player-link.js';
import { t } from '../i18n.js';

/** What the list says of a conversation's last message. */
function preview(conversation, me) {
  const last = conversation.last_message;
  if (!last) return '';
  const text = last.deleted ? t('messages.deleted') : last.text ?? t('chat.photo');
  return last.sender.id === me ? t('messages.yours', { text }) : text;
}

export function messagesView({ store, actions }) {
  const list = el('ul', { class: 'conversation-list', id: 'conversations', 'aria-label': t('messages.conversations') });
  const status = el('p', { class: 'muted', id: 'conversations-status', text: t('common.loading'), 'aria-live': 'polite' });
  const node = el('section', { class: 'messages', 'aria-labelledby': 'messages-title' },
    el('h1', { id: 'messages-title', text: t('messages.title') }), status, list);
  const me = store.state.session?.user.id;

  actions.conversations().then(({ conversations }) => {
    setText(status, conversations.length ? '' : t('messages.none'));
    replaceChildren(list, conversations.map((conversation) => el('li', { class: 'conversation-row' },
      el('a', { href: `#${conversationPath(conversation.with.id)}`, class: 'conversation-link', dataset: { user: conversation.with.id } },
        avatarImage(conversation.with, { size: 40 }),
        el('span', { class: 'conversation-text' },
          el('strong', { class: 'conversation-name', text: conversation.with.display_name }, botBadge(conversation.with)),
          el('span', { class: 'conversation-preview muted', text: preview(conversation, me) })),
        conversation.unread ? el('span', { class: 'badge conversation-unread', text: String(conversation.unread),
          'aria-label': t('messages.unread', { count: conversation.unread }) }) : null))));
  }).catch((error) => setText(status, error.message));
  return { node };
}

export function conversationView({ store, actions, realtime, userId }) {
  const title = el('h1', { id: 'conversation-title', text: t('messages.conversation') });
  const status = el('p', { class: 'form-error', role: 'alert', id: 'conversation-status' });
  const back = el('a', { href: '#/messages', class: 'link-button back', text: t('messages.back') });
  const holder = el('div', { class: 'conversation-body' });
  const node = el('section', { class: 'conversation', 'aria-labelledby': 'conversation-title' },
    el('div', { class: 'game-head' }, back, title), status, holder);
  let panel = null;
  let destroyed = false;
  let conversation = null;
  let readThrough = 0;
  let marking = false;

  /** Marks what is on screen read, one request at a time, only while the tab is visible. */
  function markRead(seq) {
    if (!conversation || seq <= readThrough || marking || document.hidden) return;
    marking = true;
    actions.markConversationRead(conversation.id, seq)
      .then((seen) => { readThrough = Math.max(readThrough, seen.seq); })
      .catch(() => {})
      .finally(() => { marking = false; });
  }
  const onVisible = () => {
    const messages = conversation && store.state.chat.get(conversation.room)?.messages;
    if (messages?.length) markRead(messages[messages.length - 1].seq);
  };
  document.addEventListener('visibilitychange', onVisible);

  actions.openConversation(userId).then((opened) => {
    if (destroyed) return;
    conversation = opened;
    readThrough = opened.read_through;
    replaceChildren(title, t('messages.conversationWith'), ' ',
      el('a', { href: `#${profilePath(opened.with.id)}`, class: 'player-link', text: opened.with.display_name }, botBadge(opened.with)));
    panel = chatPanel({ store, actions, realtime, room: opened.room, label: opened.with.display_name, id: 'conversation-chat',
      other: opened.with.id, onShown: markRead });
    panel.seen(opened.seen_through);
    holder.append(panel.node);
  }).catch((error) => {
    if (error.code === 'not_found' || error.code === 'player_not_found') setText(status, t('error.player_not_found'));
    else setText(status, error.message);
  });

  return {
    node,
    shows: (route) => route.name === 'conversation' && route.userId === userId,
    destroy() {
      destroyed = true;
      document.removeEventListener('visibilitychange', onVisible);
      panel?.destroy();
    },
  };
}

