// The screen-reader mode offered once: when the browser hints that a screen reader may be
// in use (screen-reader.js), a line under the top bar asks "Play without seeing the board?"
// with Turn it on and No, thanks. Either answer is kept, and the offer never comes again;
// the mode stays in Settings. It is a polite live region, so it is said without taking the
// keyboard from where it was.

import { el } from '../dom.js';
import { screenReaderModeChosen, setScreenReaderMode, watchForScreenReaderHints } from '../screen-reader.js';
import { t } from '../i18n.js';

export function mountScreenReaderOffer(root) {
  if (screenReaderModeChosen()) return;
  const accept = el('button', { type: 'button', class: 'primary', id: 'screen-reader-offer-accept', text: t('screenReader.offerAccept') });
  const decline = el('button', { type: 'button', class: 'secondary', id: 'screen-reader-offer-decline', text: t('screenReader.offerDecline') });
  const words = el('p', {}, el('strong', { text: t('screenReader.offerQuestion') }), ' ', t('screenReader.offerText'));
  const answer = (on) => {
    setScreenReaderMode(on);
    root.replaceChildren();
    root.hidden = true;
  };
  accept.addEventListener('click', () => answer(true));
  decline.addEventListener('click', () => answer(false));
  watchForScreenReaderHints(() => {
    if (screenReaderModeChosen()) return;
    root.hidden = false;
    root.replaceChildren(words, el('div', { class: 'inline' }, accept, decline));
  });
}
