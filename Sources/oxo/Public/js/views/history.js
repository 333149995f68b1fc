// A player's finished games, the last to end first, a page at a time ("Show older games"
// follows the server's cursor), each with a link to its replay. `mountHistory` draws into
// any element, such as a profile's `data-slot="history"`; `historyPage` is the signed-in
// player's own list at #/history.

import { el, setText } from '../dom.js';
import { matchTitle, shortStatus } from '../describe.js';
import { replayPath } from '../router.js';
import { miniBoard, variantPill } from './shared/rows.js';
import { formatDate, t } from '../i18n.js';

/** The mode of a finished game in words ("vs computer"); the server's word for one the page does not know. */
const MODES = { online: 'mode.online', computer: 'mode.computer', pass_and_play: 'mode.passAndPlay' };
const modeWords = (mode) => (MODES[mode] ? t(MODES[mode]) : mode);

/** "15 Jan 2027, 08:03" in the page's language and the reader's time zone. */
function when(date) {
  return formatDate(date, { dateStyle: 'medium', timeStyle: 'short' });
}

/** One finished game: the final board, who played, how it ended, and a link to its replay. */
function historyRow(game, viewerId) {
  // The describe.js sentences read a game view; a finished game is one without the live parts.
  const view = { ...game, phase: 'finished' };
  const title = matchTitle(view, viewerId);
  const moves = t('history.moves', { count: game.move_count });
  return el('li', { class: 'game-row history-row', dataset: { game: game.id } },
    miniBoard(game.board, game),
    el('span', { class: 'game-row-text' },
      el('span', { class: 'game-row-title', text: title }),
      el('span', { class: 'game-row-meta' },
        el('span', { class: 'pill', text: shortStatus(view, viewerId) }),
        variantPill(game),
        el('span', { class: 'muted', text: `${modeWords(game.mode)} · ${moves} · ` }),
        el('time', { class: 'muted', datetime: game.ended_at, text: when(game.ended_at) }))),
    el('a', { class: 'button small', href: `#${replayPath(game.id)}`, text: t('game.replay'), 'aria-label': t('history.replayLabel', { title }) }));
}

/**
 * Lists the finished games of `playerId` in `root`, as `viewerId` sees them ("You won").
 * @returns {{ destroy(): void }}
 */
export function mountHistory(root, { actions, playerId, viewerId = playerId, pageSize = 10, label = t('history.finished') }) {
  const list = el('ol', { class: 'game-list history-list', 'aria-label': label });
  const note = el('p', { class: 'muted history-note', 'aria-live': 'polite', text: t('history.loading') });
  const more = el('button', { type: 'button', class: 'small history-more', text: t('history.older'), hidden: true });
  root.replaceChildren(list, note, more);
  let cursor = null;
  let destroyed = false;

  async function loadPage() {
    more.disabled = true;
    try {
      const page = await actions.finishedGames(playerId, { cursor, limit: pageSize });
      if (destroyed) return;
      list.append(...page.games.map((game) => historyRow(game, viewerId)));
      cursor = page.next_cursor ?? null;
      more.hidden = !cursor;
      setText(note, list.childElementCount ? '' : t('history.none'));
    } catch (error) {
      if (!destroyed) setText(note, error.message);
    } finally {
      more.disabled = false;
    }
  }

  more.addEventListener('click', loadPage);
  loadPage();
  return { destroy() { destroyed = true; } };
}

/** The signed-in player's finished games. */
export function historyPage({ store, actions }) {
  const me = store.state.session?.user.id;
  const heading = el('h1', { id: 'history-title', text: t('history.title') });
  const slot = el('div', { class: 'history', id: 'history' });
  const node = el('section', { class: 'card history-page', 'aria-labelledby': 'history-title' },
    el('div', { class: 'game-head' }, el('a', { class: 'link-button back', href: '#/', text: t('game.backToLobby') }), heading),
    slot);
  const history = mountHistory(slot, { actions, playerId: me, viewerId: me, label: t('history.title') });
  return { node, destroy: () => history.destroy() };
}
