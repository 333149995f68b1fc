// A tournament's standings as a table: rank, player, points, games, wins, draws and
// losses, then an arena's streak (a fire mark from two wins in a row, when the next game
// counts double) or a Swiss event's tiebreaks (Buchholz, then Sonneborn–Berger); a
// withdrawn player's row says so. The viewer's row is marked.

import { el, replaceChildren } from '../dom.js';
import { playerLink } from './shared/player-link.js';
import { icon } from './shared/icons.js';
import { pointsText } from './shared/tournament-words.js';
import { t } from '../i18n.js';

const header = (key, abbr = null) => el('th', { scope: 'col', ...(abbr ? { abbr: t(abbr) } : {}) },
  abbr ? el('abbr', { title: t(abbr), text: t(key) }) : t(key));

function streakCell(standing) {
  const streak = standing.streak ?? 0;
  if (streak < 2) return el('td', { class: 'streak', text: '' });
  return el('td', { class: 'streak on-streak', dataset: { streak: String(streak) } },
    el('span', { class: 'streak-mark', title: t('tournament.streakTitle', { count: streak }) }, icon('flame', 16),
      el('span', { class: 'visually-hidden', text: t('tournament.streakTitle', { count: streak }) }),
      el('span', { 'aria-hidden': 'true', text: String(streak) })));
}

export function standingsTable() {
  const caption = el('caption', { class: 'visually-hidden', text: t('tournament.standings') });
  const head = el('thead');
  const body = el('tbody');
  const node = el('table', { class: 'standings', id: 'tournament-standings' }, caption, head, body);

  let drawn = null;
  return {
    node,
    render(tournament, me) {
      // Rows are drawn again only when they changed (a read every few seconds often brings
      // the same), so the focus on a name stays put.
      const key = JSON.stringify([tournament.kind, me, tournament.standings]);
      if (key === drawn) return;
      drawn = key;
      const arena = tournament.kind === 'arena';
      replaceChildren(head, el('tr', {},
        header('tournament.rank'), header('tournament.player'), header('tournament.points'),
        header('tournament.games'), header('tournament.winsShort', 'tournament.wins'),
        header('tournament.drawsShort', 'tournament.draws'), header('tournament.lossesShort', 'tournament.losses'),
        arena ? header('tournament.streakColumn') : [header('tournament.buchholzShort', 'tournament.buchholz'),
          header('tournament.sonnebornShort', 'tournament.sonneborn')]));
      const rows = tournament.standings.map((standing) => el('tr', {
        class: [standing.player.id === me ? 'me' : '', standing.withdrawn ? 'withdrawn' : ''].filter(Boolean).join(' ') || null,
        dataset: { player: standing.player.id, points: String(standing.points) },
      },
      el('td', { class: 'rank', text: String(standing.rank) }),
      el('th', { scope: 'row', class: 'standing-player' }, playerLink(standing.player),
        standing.withdrawn ? el('span', { class: 'tag withdrawn-tag', text: t('tournament.withdrawn') }) : null),
      el('td', { class: 'points', text: pointsText(standing.points) }),
      el('td', { text: String(standing.games) }),
      el('td', { text: String(standing.wins) }),
      el('td', { text: String(standing.draws) }),
      el('td', { text: String(standing.losses) }),
      arena ? streakCell(standing) : [el('td', { text: pointsText(standing.buchholz ?? 0) }),
        el('td', { text: pointsText(standing.sonneborn_berger ?? 0) })]));
      replaceChildren(body, rows.length ? rows
        : el('tr', {}, el('td', { class: 'muted', colspan: arena ? 8 : 9, text: t('tournament.nobodyYet') })));
    },
  };
}
