// The leaderboard (#/leaderboard): a tab for each board (classic, four in a row, Gomoku,
// Ultimate: each has its own ratings), a tab for each pace (real-time games,
// correspondence games: their ratings are kept apart) and one for bots (rated among
// themselves), and two tabs, by rating and by wins this week, a page at a time. The
// viewer's own row is highlighted on the page, or pinned below it when it falls on another page.

import { el, replaceChildren, setAttr, setText } from '../dom.js';
import { VARIANT_NAMES, variantName } from '../variants.js';
import { playerLink } from './shared/player-link.js';
import { avatarImage } from './shared/avatar.js';
import { ratingText } from './shared/player-words.js';
import { t } from '../i18n.js';

const BOARDS = [
  { by: 'rating', label: t('leaderboard.rating'), measure: t('leaderboard.rating'), empty: t('leaderboard.noRating') },
  { by: 'weekly_wins', label: t('leaderboard.weeklyWins'), measure: t('leaderboard.wins'), empty: t('leaderboard.noWins') },
];
const PACES = [
  { pace: 'real_time', label: t('leaderboard.realTime') },
  { pace: 'correspondence', label: t('profile.correspondence') },
  { pace: 'bots', label: t('leaderboard.bots') },
];
const VARIANTS = VARIANT_NAMES.map((variant) => ({ variant, label: variantName(variant) }));
const PAGE = 20;

/** A row of tabs over `items`, each labelled by `label`, told apart by `key`; arrows move between them. */
function tabRow(items, key, ariaLabel, onChoose) {
  const tabs = items.map((item) => el('button', {
    type: 'button', role: 'tab', class: 'tab', id: `leaderboard-tab-${item[key]}`, 'aria-controls': 'leaderboard-panel',
    dataset: { [key]: item[key] }, text: item.label,
  }));
  tabs.forEach((tab, index) => {
    tab.addEventListener('click', () => onChoose(items[index]));
    tab.addEventListener('keydown', (event) => {
      if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
      const step = event.key === 'ArrowRight' ? 1 : tabs.length - 1;
      tabs[(index + step) % tabs.length].focus();
      onChoose(items[(index + step) % tabs.length]);
    });
  });
  return {
    node: el('div', { class: 'tabs', role: 'tablist', 'aria-label': ariaLabel }, tabs),
    select(chosen) {
      for (const tab of tabs) {
        const selected = tab.dataset[key] === chosen[key];
        setAttr(tab, 'aria-selected', String(selected));
        setAttr(tab, 'tabindex', selected ? '0' : '-1');
      }
    },
  };
}

export function leaderboardView({ store, actions }) {
  let board = BOARDS[0];
  let pace = PACES[0];
  let variant = VARIANTS[0];
  // The cursors of the pages shown so far: the first page has none.
  let cursors = [null];
  let alive = true;

  const variantTabs = tabRow(VARIANTS, 'variant', t('variant.field'), (v) => choose(board, pace, v));
  const paceTabs = tabRow(PACES, 'pace', t('random.pace'), (p) => choose(board, p, variant));
  const boardTabs = tabRow(BOARDS, 'by', t('topbar.leaderboard'), (b) => choose(b, pace, variant));
  const measureHead = el('th', { scope: 'col', class: 'num' });
  const body = el('tbody', { id: 'leaderboard-rows' });
  const pinned = el('tfoot', { id: 'leaderboard-me' });
  const table = el('table', { class: 'leaderboard' },
    el('thead', {}, el('tr', {}, el('th', { scope: 'col', class: 'num', text: '#' }), el('th', { scope: 'col', text: t('profile.player') }),
      measureHead, el('th', { scope: 'col', class: 'record-col', text: t('leaderboard.record') }))),
    body, pinned);
  const previous = el('button', { type: 'button', class: 'secondary small', id: 'leaderboard-previous', text: t('leaderboard.previous') });
  const next = el('button', { type: 'button', class: 'secondary small', id: 'leaderboard-next', text: t('leaderboard.next') });
  const note = el('p', { class: 'muted', id: 'leaderboard-note' });
  const error = el('p', { class: 'form-error', role: 'alert', id: 'leaderboard-error' });
  const panel = el('div', { id: 'leaderboard-panel', role: 'tabpanel' }, note, el('div', { class: 'table-scroll' }, table),
    el('div', { class: 'pager' }, previous, next), error);
  const node = el('section', { class: 'card', id: 'leaderboard' }, el('h1', { text: t('topbar.leaderboard') }), variantTabs.node, paceTabs.node, boardTabs.node, panel);

  function row(entry, { me = false, pinnedRow = false } = {}) {
    const measure = board.by === 'rating' ? ratingText(entry.rating) : String(entry.weekly_wins ?? 0);
    const { won, lost, drawn } = entry.record;
    const dataset = { user: entry.player.id, rank: entry.rank };
    if (pinnedRow) dataset.pinned = 'true';
    return el('tr', { class: me ? 'is-me' : null, dataset },
      el('td', { class: 'num rank', text: entry.rank }),
      el('td', {}, el('span', { class: 'leaderboard-player' }, avatarImage(entry.player, { size: 28 }),
        playerLink(entry.player), me ? el('span', { class: 'tag', text: t('common.youTag') }) : null)),
      el('td', { class: 'num', text: measure }),
      el('td', { class: 'record-col', text: `${won} · ${lost} · ${drawn}` }));
  }

  function renderTabs() {
    variantTabs.select(variant);
    paceTabs.select(pace);
    boardTabs.select(board);
    setText(measureHead, board.measure);
  }

  function render(page) {
    const me = store.state.session?.user.id;
    const onPage = page.rows.some((entry) => entry.player.id === me);
    replaceChildren(body, page.rows.length
      ? page.rows.map((entry) => row(entry, { me: entry.player.id === me }))
      : el('tr', {}, el('td', { colspan: 4, class: 'muted', text: cursors.length > 1 ? t('leaderboard.noMore') : board.empty })));
    replaceChildren(pinned, page.me && !onPage ? row(page.me, { me: true, pinnedRow: true }) : null);
    setText(note, page.me ? t('leaderboard.yourRank', { rank: page.me.rank })
      : board.by === 'rating' ? t('leaderboard.joinByRating') : t('leaderboard.joinByWins'));
    previous.disabled = cursors.length <= 1;
    next.disabled = !page.next_cursor;
    next.dataset.cursor = page.next_cursor ?? '';
  }

  async function load() {
    setText(error, '');
    const shown = { board, pace, variant };
    try {
      const page = pace.pace === 'bots'
        ? await actions.leaderboard(board.by, cursors.at(-1), PAGE, 'real_time', 'bots', variant.variant)
        : await actions.leaderboard(board.by, cursors.at(-1), PAGE, pace.pace, 'people', variant.variant);
      if (alive && shown.board === board && shown.pace === pace && shown.variant === variant) render(page);
    } catch (failure) {
      if (alive) setText(error, failure.message);
    }
  }

  function choose(b, p, v) {
    if (b === board && p === pace && v === variant) return;
    board = b;
    pace = p;
    variant = v;
    cursors = [null];
    renderTabs();
    load();
  }

  next.addEventListener('click', () => {
    if (!next.dataset.cursor) return;
    cursors.push(next.dataset.cursor);
    load();
  });
  previous.addEventListener('click', () => {
    if (cursors.length <= 1) return;
    cursors.pop();
    load();
  });
  renderTabs();
  load();

  return { node, destroy: () => { alive = false; } };
}
