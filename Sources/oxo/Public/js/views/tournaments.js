// The lobby's tournaments: those running now and those starting soon, each with its kind,
// board, pace, players and a countdown (to its start, or its end), a link to its page,
// and "Create a tournament" under them. Read when the lobby opens, every 30 seconds while
// the tab is shown and when it is shown again; the countdowns tick each second.

import { el, replaceChildren, setText } from '../dom.js';
import { tournamentPath } from '../router.js';
import { serverNow } from '../server-clock.js';
import { emptyRow } from './shared/rows.js';
import { tournamentFacts, whenText } from './shared/tournament-words.js';
import { tournamentForm } from './tournament-form.js';
import { t } from '../i18n.js';

const REFRESH_MS = 30_000;

export function tournamentsView({ actions }) {
  const list = el('ul', { class: 'tournament-list', id: 'tournament-list', 'aria-labelledby': 'tournaments-title' },
    emptyRow(t('common.loading')));
  const form = tournamentForm({ actions });
  const node = el('section', { class: 'card', id: 'tournaments' },
    el('h2', { id: 'tournaments-title', text: t('tournament.lobbyTitle') }), list, form.node);
  let shown = [];

  function row(tournament) {
    const when = el('span', { class: 'tournament-when' });
    const item = el('li', { class: 'tournament-row', dataset: { tournament: tournament.id, state: tournament.state } },
      el('a', { class: 'tournament-link', href: `#${tournamentPath(tournament.id)}`, text: tournament.name }),
      el('span', { class: 'muted tournament-facts', text: tournamentFacts(tournament) }), when);
    return { item, tick: (now) => setText(when, whenText(tournament, now)) };
  }

  async function load() {
    try {
      const { upcoming, running } = await actions.listTournaments();
      shown = [...running, ...upcoming].map(row);
      replaceChildren(list, shown.length ? shown.map((entry) => entry.item) : emptyRow(t('tournament.noneSoon')));
      tick();
    } catch (failure) {
      if (!shown.length) replaceChildren(list, emptyRow(failure.message));
    }
  }

  function tick() {
    const now = serverNow();
    for (const entry of shown) entry.tick(now);
  }

  load();
  const ticker = setInterval(tick, 1000);
  const reloader = setInterval(() => { if (!document.hidden) load(); }, REFRESH_MS);
  // A tab brought back reads the list at once.
  const shownAgain = () => { if (!document.hidden) load(); };
  document.addEventListener('visibilitychange', shownAgain);
  return {
    node,
    destroy() {
      clearInterval(ticker);
      clearInterval(reloader);
      document.removeEventListener('visibilitychange', shownAgain);
    },
  };
}
