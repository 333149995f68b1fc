// The tabs of the game catalogue: search, the user's games, and the players they follow.

import { el } from '../dom.js';
import { t } from '../i18n.js';

/** [name, where it leads, the key of its words]. */
const TABS = [['catalogue', '#/catalogue', 'catalogue.tabSearch'], ['my-games', '#/my-games', 'lobby.myGames'],
  ['following', '#/following', 'follows.following']];

export function catalogueNav(current) {
  return el('nav', { class: 'tabs catalogue-tabs', 'aria-label': t('catalogue.nav') },
    ...TABS.map(([name, href, key]) => el('a', { class: 'tab', href, text: t(key), id: `tab-${name}`,
      'aria-current': name === current ? 'page' : null })));
}
