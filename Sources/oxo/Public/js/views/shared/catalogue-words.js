// How a video game of the catalogue is shown wherever it appears: its cover and the
// short facts under its title.

import { el } from '../../dom.js';
import { t } from '../../i18n.js';

/** "2017 · Nintendo Switch, Wii U" */
export function gameFacts(game) {
  return [game.released?.slice(0, 4), game.platforms.slice(0, 3).join(', ')].filter(Boolean).join(' · ');
}

export function playersText(count) {
  return t('catalogue.players', { count });
}

/** A cover as an image: IGDB's, or the one the server draws from the title. */
export function coverImage(game, { width = 48 } = {}) {
  return el('img', { class: 'cover', src: game.cover, alt: '', width, height: Math.round(width * 4 / 3), loading: 'lazy',
    decoding: 'async' });
}
