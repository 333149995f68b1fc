// One chat message as the page shows it: the sender, the text (always a text node; only
// http and https addresses become links), a photo sized before it loads, and what its
// reader may do with it (delete one's own, report another's).

import { el } from '../dom.js';
import { botBadge } from './shared/player-link.js';
import { formatDate, t } from '../i18n.js';

/** http(s) addresses in text; anything else (javascript:, data:, …) stays text. */
const LINK = /\bhttps?:\/\/[^\s<>"']+/gi;

/** The text as nodes: text nodes, and <a> elements for http(s) addresses only. */
export function textWithLinks(text) {
  const nodes = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    // A full stop or bracket at the end of a sentence is not part of the address.
    const address = match[0].replace(/[.,;:!?)\]]+$/, '');
    if (match.index > at) nodes.push(document.createTextNode(text.slice(at, match.index)));
    nodes.push(safeLink(address));
    at = match.index + address.length;
  }
  if (at < text.length) nodes.push(document.createTextNode(text.slice(at)));
  return nodes;
}

function safeLink(address) {
  let url = null;
  try {
    url = new URL(address);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return document.createTextNode(address);
  return el('a', { href: url.href, target: '_blank', rel: 'noopener noreferrer nofollow', text: address });
}

/** The largest a photo is shown, in CSS pixels; its size is known before it loads, so nothing jumps. */
const PHOTO_BOX = 240;

export function photoSize({ width, height }) {
  const scale = Math.min(1, PHOTO_BOX / width, PHOTO_BOX / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * A message's <li>. `mine`: the signed-in user sent it. `seen`: show "Seen" under it.
 * `onDelete` / `onReport` are offered for one's own messages and for others'.
 */
export function messageNode(message, { mine, seen, onDelete, onReport }) {
  const body = [];
  if (message.deleted) {
    body.push(el('p', { class: 'chat-deleted muted', text: t('chat.deleted') }));
  } else {
    if (message.photo) {
      const size = photoSize(message.photo);
      body.push(el('a', { href: message.photo.url, target: '_blank', rel: 'noopener noreferrer', class: 'chat-photo-link' },
        el('img', { class: 'chat-photo', src: message.photo.url, width: size.width, height: size.height, alt: t('chat.photoAlt'),
          loading: 'lazy', decoding: 'async' })));
    }
    if (message.text) body.push(el('p', { class: 'chat-text' }, textWithLinks(message.text)));
  }
  const actions = message.deleted ? null : mine
    ? el('button', { type: 'button', class: 'link-button chat-delete', text: t('chat.delete'), on: { click: () => onDelete(message) } })
    : el('button', { type: 'button', class: 'link-button chat-report', text: t('chat.report'), on: { click: () => onReport(message) } });
  return el('li', { class: `chat-message${mine ? ' mine' : ''}`, dataset: { seq: message.seq, id: message.id } },
    el('p', { class: 'chat-meta muted' },
      el('span', { class: 'chat-sender', text: mine ? t('match.you') : message.sender.display_name }), mine ? null : botBadge(message.sender), ' · ',
      el('time', { datetime: message.sent_at, text: formatDate(message.sent_at, { hour: '2-digit', minute: '2-digit' }) }), ' ', actions),
    body,
    seen ? el('p', { class: 'chat-seen muted', text: t('chat.seen') }) : null);
}
