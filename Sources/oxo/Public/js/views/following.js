// The Following tab (#/following): the players the user follows, each with Message and
// Challenge, and a button that opens the games they play below their row.

import { el, replaceChildren } from '../dom.js';
import { emptyRow } from './shared/rows.js';
import { catalogueNav } from './catalogue-nav.js';
import { catalogueList } from './catalogue-list.js';
import { cataloguePlayerRow } from './catalogue-player.js';
import { t } from '../i18n.js';

export function followingView({ actions, store }) {
  const me = store.state.session.user.id;
  const list = el('ul', { class: 'player-list', id: 'following-players', 'aria-labelledby': 'following-title' });
  const more = el('button', { type: 'button', class: 'small', text: t('common.showMore'), hidden: true });
  const node = el('div', { class: 'catalogue-page' }, catalogueNav('following'), el('h1', { id: 'following-title', text: t('follows.following') }),
    el('section', { class: 'card' }, list, more));
  let cursor = null;
  let rows = [];
  const opened = [];
  let alive = true;

  function row(player) {
    const online = store.state.online?.get(player.id);
    const games = el('button', { type: 'button', class: 'small games-button', text: t('topbar.games'),
      'aria-expanded': 'false', 'aria-label': t('following.gamesOf', { name: player.display_name }) });
    const slot = el('div', { class: 'followed-games', hidden: true });
    let shown = null;
    games.addEventListener('click', () => {
      if (!shown) {
        shown = catalogueList({ id: `games-of-${player.id}`, label: t('following.gamesOf', { name: player.display_name }),
          empty: t('following.noGames', { name: player.display_name }), load: (next) => actions.catalogueGames(player.id, next) });
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
      replaceChildren(list, rows.length ? rows : emptyRow(t('following.none')));
      more.hidden = !cursor;
    } catch (failure) {
      if (alive && reset) replaceChildren(list, emptyRow(failure.message));
    }
  }

  more.addEventListener('click', () => load(false));
  replaceChildren(list, emptyRow(t('common.loading')));
  load(true);
  return { node, destroy() { alive = false; opened.forEach((shown) => shown.destroy()); } };
}
