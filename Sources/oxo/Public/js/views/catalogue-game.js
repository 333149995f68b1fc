// A game's page (#/catalogue/<id>): cover, title, release, platforms, genres, developer,
// description and how many players have it; Add to / Remove from my games; a YouTube
// search for its title in a new tab; and its players, a page at a time.

import { el, replaceChildren, setText } from '../dom.js';
import { emptyRow } from './shared/rows.js';
import { catalogueNav } from './catalogue-nav.js';
import { coverImage, playersText } from './shared/catalogue-words.js';
import { cataloguePlayerRow } from './catalogue-player.js';
import { attempt } from './shared/attempt.js';
import { formatDate, t } from '../i18n.js';

const longDate = (day) => formatDate(`${day}T00:00:00Z`, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function catalogueGameView({ actions, store, gameId }) {
  const me = store.state.session.user.id;
  const cover = el('div', { class: 'catalogue-cover' });
  const title = el('h1', { id: 'catalogue-game-title', text: t('game.title') });
  const facts = el('dl', { class: 'profile-facts catalogue-facts', id: 'catalogue-game-facts' });
  const description = el('p', { id: 'catalogue-game-description' });
  const count = el('p', { class: 'muted', id: 'catalogue-game-players-count' });
  const toggle = el('button', { type: 'button', class: 'primary', id: 'catalogue-game-toggle', hidden: true });
  const youtube = el('a', { class: 'button', id: 'catalogue-game-youtube', target: '_blank', rel: 'noopener', hidden: true,
    text: t('catalogue.youtube') });
  const error = el('p', { class: 'form-error', role: 'alert', id: 'catalogue-game-error' });
  const players = el('ul', { class: 'player-list', id: 'catalogue-game-players', 'aria-labelledby': 'catalogue-players-title' });
  const more = el('button', { type: 'button', class: 'small', text: t('common.showMore'), hidden: true });
  const node = el('div', { class: 'catalogue-page catalogue-game', dataset: { game: gameId } },
    catalogueNav(null),
    el('section', { class: 'card catalogue-head' }, cover,
      el('div', { class: 'catalogue-about' }, title, facts, count, el('p', { class: 'catalogue-actions' }, toggle, youtube), description, error)),
    el('section', { class: 'card' }, el('h2', { id: 'catalogue-players-title', text: t('game.players') }), players, more));
  let game = null;
  let cursor = null;
  let rows = [];
  let alive = true;

  function render() {
    replaceChildren(cover, coverImage(game, { width: 180 }));
    setText(title, game.title);
    const unknown = t('catalogue.unknown');
    const shown = [[t('catalogue.released'), game.released ? longDate(game.released) : unknown],
      [t('catalogue.platforms'), game.platforms.join(', ') || unknown], [t('catalogue.genres'), game.genres.join(', ') || unknown],
      [t('catalogue.developer'), game.developer ?? unknown]];
    replaceChildren(facts, shown.flatMap(([term, value]) => [el('dt', { text: term }), el('dd', { text: value })]));
    setText(description, game.description ?? '');
    setText(count, playersText(game.player_count));
    toggle.hidden = false;
    setText(toggle, game.mine ? t('catalogue.remove') : t('catalogue.add'));
    // Adding is what the page offers; removing is there, but not as the main action.
    toggle.classList.toggle('primary', !game.mine);
    toggle.dataset.mine = String(game.mine);
    youtube.hidden = false;
    youtube.href = `https://www.youtube.com/results?search_query=${encodeURIComponent(game.title)}`;
  }

  async function loadGame() {
    try {
      game = await actions.catalogueGame(gameId);
      if (alive) render();
    } catch (failure) {
      if (alive) setText(error, failure.message);
    }
  }

  async function loadPlayers(reset) {
    try {
      const page = await actions.cataloguePlayers(gameId, reset ? null : cursor);
      if (!alive) return;
      const added = page.players.map((entry) => cataloguePlayerRow(entry, { actions, me }));
      rows = reset ? added : [...rows, ...added];
      cursor = page.next_cursor ?? null;
      replaceChildren(players, rows.length ? rows : emptyRow(t('catalogue.noPlayers')));
      more.hidden = !cursor;
    } catch (failure) {
      if (alive && reset) replaceChildren(players, emptyRow(failure.message));
    }
  }

  toggle.addEventListener('click', () => attempt(async () => {
    await actions.keepInMyGames(gameId, !game.mine);
    await Promise.all([loadGame(), loadPlayers(true)]);
  }, { refusal: error, button: toggle }));
  more.addEventListener('click', () => loadPlayers(false));
  replaceChildren(players, emptyRow(t('common.loading')));
  loadGame();
  loadPlayers(true);
  return { node, destroy() { alive = false; }, shows: (route) => route.name === 'catalogue-game' && route.id === gameId };
}
