// When something happened, as people say it ("now", "5 minutes ago", "yesterday"), in a
// <time> element whose `datetime` is the moment and whose `title` is the full date, for
// lists that span days (the bell's). Counted from the server's now (server-clock.js), the
// clock the moments were written by.

import { el, setText } from '../../dom.js';
import { serverNow } from '../../server-clock.js';
import { formatDate, formatRelative } from '../../i18n.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Midnight before `time`, on this device's calendar. */
const dayStart = (time) => new Date(time).setHours(0, 0, 0, 0);

/** "now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago", then the date ("12 Jan"). */
export function agoText(iso, now = serverNow()) {
  const then = Date.parse(iso);
  const elapsed = now - then;
  if (elapsed < MINUTE) return formatRelative(0, 'second');
  if (elapsed < HOUR) return formatRelative(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < 24 * HOUR) return formatRelative(-Math.floor(elapsed / HOUR), 'hour');
  // Days by the calendar: the evening before last is "2 days ago" however few hours have passed.
  const days = Math.round((dayStart(now) - dayStart(then)) / (24 * HOUR));
  if (days < 7) return formatRelative(-Math.max(days, 1), 'day');
  return formatDate(then, { day: 'numeric', month: 'short' });
}

/** A <time> saying how long ago `iso` was, the full date in its title. */
export function timeAgo(iso, attributes = {}) {
  return el('time', { ...attributes, datetime: iso, title: formatDate(Date.parse(iso), { dateStyle: 'full', timeStyle: 'short' }), dataset: { ago: '' }, text: agoText(iso) });
}

/** Says again how long ago each timeAgo() inside `root` was: "now" becomes "5 minutes ago". */
export function refreshTimesAgo(root) {
  const now = serverNow();
  for (const time of root.querySelectorAll('time[data-ago]')) setText(time, agoText(time.dateTime, now));
}
