// Days as a chat's separators name them.

const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** The day a message was sent, as a separator's words, and as a key to compare days by. */
export function dayOf(message) {
  const date = new Date(message.sent_at);
  return { key: date.toDateString(), text: date.toDateString() === new Date().toDateString() ? 'Today' : dayFormat.format(date) };
}
