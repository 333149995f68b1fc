// The Following tab (#/following): the players the user follows, each with Message and
// Challenge, and a button that opens the games they play below their row.

import { el, replaceChildren } from '../dom.js';
import { emptyRow } from './shared/rows.js';
import { catalogueNav } from './catalogue-nav.js';
import { catalogueList } from './catalogue-list.js';
import { cataloguePlayerRow } from './catalogue-player.js';

export function followingView({ actions, store }) {
  const me = store.state.session.user.id;
  const list = el('ul', { class: 'player-list', id: 'following-players', 'aria-labelledby': 'following-title' });
  const more = el('button', { type: 'button', class: 'small', text: 'Show more', hidden: true });
  const node = el('div', { class: 'catalogue-page' }, catalogueNav('following'), el('h1', { id: 'following-title', text: 'Following' }),
    el('section', { class: 'card' }, list, more));
  let cursor = null;
  let rows = [];
  const opened = [];
  let alive = true;

  function row(player) {
    const online = store.state.online?.get(player.id);
    const games = el('button', { type: 'button', class: 'small games-button', text: 'Games',
      'aria-expanded': 'false', 'aria-label': `${player.display_name}'s games` });
    const slot = el('div', { class: 'followed-games', hidden: true });
    let shown = null;
    games.addEventListener('click', () => {
      if (!shown) {
        shown = catalogueList({ id: `games-of-${player.id}`, label: `${player.display_name}'s games`,
          empty: `${player.display_name} has added no games yet.`, load: (next) => actions.catalogueGames(player.id, next) });
        opened.push(shown);
        slot.append(shown.node);
        shown.reload();
      }
      slot.hidden = !slot.hidden;
      games.setAttribute('aria-expanded', String(!slot.hidden));
    });
    return cataloguePlayerRow({ player, status: online?.status ?? 'offline', following: true },
      { actions, me, extra: [games, slot] });
  }

  async function load(reset) {
    try {
      const page = await actions.follows(me, 'following', reset ? null : cursor);
      if (!alive) return;
      rows = [...(reset ? [] : rows), ...page.players.map(row)];
      cursor = page.next_cursor ?? null;
      replaceChildren(list, rows.length ? rows : emptyRow('You follow nobody yet: follow players from a game\u2019s page.'));
      more.hidden = !cursor;
    } catch (failure) {
      if (alive && reset) replaceChildren(list, emptyRow(failure.message));
    }
  }

  more.addEventListener('click', () => load(false));
  replaceChildren(list, emptyRow('Loading…'));
  load(true);
  return { node, destroy() { alive = false; opened.forEach((shown) => shown.destroy()); } };
}
