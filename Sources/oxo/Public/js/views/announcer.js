// The screen-reader mode's voice: one polite live region (a log) that gets a new paragraph
// for each thing said. A new node is an addition, which a screen reader reads once and in
// the order they came, also when its words are the same as the last ones (replacing a
// region's text with equal text would say nothing). Only the last few stay in the page.

import { el } from '../dom.js';
import { t } from '../i18n.js';

/** Lines kept in the log; older ones are removed, which a screen reader does not read. */
const KEPT = 30;

export function createAnnouncer() {
  // It scrolls, keeping the newest line in view, so it takes the keyboard to be scrolled back.
  const log = el('div', { class: 'announcements', id: 'announcements', role: 'log', 'aria-live': 'polite',
    'aria-relevant': 'additions', 'aria-labelledby': 'announcements-title', tabindex: '0' });
  const node = el('section', { class: 'announcer' }, el('h2', { id: 'announcements-title', text: t('commands.log') }), log);
  let said = 0;
  return {
    node,
    log,
    /** Says each of `lines` (strings; empty ones are skipped), in order. */
    say(...lines) {
      for (const line of lines.flat()) {
        if (!line) continue;
        said += 1;
        log.append(el('p', { dataset: { said: String(said) }, text: line }));
      }
      while (log.childElementCount > KEPT) log.firstElementChild.remove();
      log.scrollTop = log.scrollHeight;
    },
  };
}
