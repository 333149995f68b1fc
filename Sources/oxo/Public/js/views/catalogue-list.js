// A list of video games (a search's results, a player's games), a page at a time with
// "Show more"; each row opens the game's page.
//   const list = catalogueList({ id: 'my-games-list', label: 'My games', empty: 'No games yet.', load: (cursor) => api.catalogueGames(me, cursor) });
//   parent.append(list.node); list.reload();

import { el, replaceChildren } from '../dom.js';
import { catalogueGamePath } from '../router.js';
import { emptyRow } from './shared/rows.js';
import { coverImage, gameFacts, playersText } from './shared/catalogue-words.js';
import { t } from '../i18n.js';

export function catalogueRow(game) {
  return el('li', { class: 'catalogue-row', dataset: { game: game.id } },
    el('a', { class: 'catalogue-link', href: `#${catalogueGamePath(game.id)}` },
      coverImage(game),
      el('span', { class: 'catalogue-text' },
        el('span', { class: 'catalogue-title', text: game.title }),
        el('span', { class: 'muted', text: gameFacts(game) })),
      el('span', { class: 'pill', text: playersText(game.player_count) })));
}

export function catalogueList({ id, label, empty, load }) {
  const list = el('ul', { class: 'catalogue-list', id, 'aria-label': label, 'aria-live': 'polite' });
  const more = el('button', { type: 'button', class: 'small', text: t('common.showMore'), hidden: true });
  const node = el('div', { class: 'catalogue-box' }, list, more);
  let games = [];
  let cursor = null;
  let request = 0;

  async function fetchPage(reset) {
    const mine = ++request;
    try {
      const page = await load(reset ? null : cursor);
      if (mine !== request) return;
      games = reset ? page.games : [...games, ...page.games];
      cursor = page.next_cursor ?? null;
      replaceChildren(list, games.length ? games.map(catalogueRow) : emptyRow(empty));
      more.hidden = !cursor;
    } catch (failure) {
      if (mine === request && reset) replaceChildren(list, emptyRow(failure.message || t('catalogue.failed')));
    }
  }

  more.addEventListener('click', () => fetchPage(false));
  return {
    node,
    reload() { fetchPage(true); },
    destroy() { request = -1; },
  };
}
