// The tabs of the game catalogue: search, the user's games, and the players they follow.

import { el } from '../dom.js';

const TABS = [['catalogue', '#/catalogue', 'Search games'], ['my-games', '#/my-games', 'My games'],
  ['following', '#/following', 'Following']];

export function catalogueNav(current) {
  return el('nav', { class: 'tabs catalogue-tabs', 'aria-label': 'Game catalogue' },
    ...TABS.map(([name, href, text]) => el('a', { class: 'tab', href, text, id: `tab-${name}`,
      'aria-current': name === current ? 'page' : null })));
}
