// Days as a chat's separators name them.

import { formatDate, t } from '../../i18n.js';

/** The day a message was sent, as a separator's words, and as a key to compare days by. */
export function dayOf(message) {
  const date = new Date(message.sent_at);
  const today = date.toDateString() === new Date().toDateString();
  return { key: date.toDateString(),
    text: today ? t('chat.today') : formatDate(date, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }) };
}
