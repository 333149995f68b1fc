// The games of a tournament: an arena's being played, or a Swiss round's pairings with
// their results so far. Each game is a link to watch it (or play it, for one's own).

import { el, replaceChildren } from '../dom.js';
import { gamePath } from '../router.js';
import { playerLink } from './shared/player-link.js';
import { emptyRow } from './shared/rows.js';
import { t } from '../i18n.js';

/** "1–0", "½–½", "X missed": a result in words; null while played. */
function resultText(result) {
  if (!result) return null;
  return t(`tournament.result.${result}`);
}

export function tournamentGames() {
  const title = el('h2', { id: 'tournament-games-title' });
  const list = el('ul', { class: 'pairings', id: 'tournament-games', 'aria-labelledby': 'tournament-games-title' });
  const node = el('section', { class: 'card' }, title, list);

  let drawn = null;
  return {
    node,
    render(tournament, me) {
      // Drawn again only when the games changed, so the focus on a link stays put.
      const key = JSON.stringify([tournament.kind, tournament.round, me, tournament.games]);
      if (key === drawn) return;
      drawn = key;
      const swiss = tournament.kind === 'swiss';
      title.textContent = swiss ? t('tournament.pairings', { round: Math.max(tournament.round ?? 0, 1) }) : t('tournament.gamesPlayed');
      const games = tournament.games ?? [];
      const rows = games.map((pairing) => {
        const mine = pairing.x.id === me || pairing.o.id === me;
        const result = resultText(pairing.result);
        const link = pairing.game ? el('a', { class: `button small${mine ? '' : ' secondary'}`, href: `#${gamePath(pairing.game)}`,
          text: mine ? t('tournament.play') : t('tournament.watch'),
          'aria-label': t(mine ? 'tournament.playLabel' : 'tournament.watchLabel', { x: pairing.x.display_name, o: pairing.o.display_name }) }) : null;
        return el('li', { class: `pairing${mine ? ' mine' : ''}`, dataset: { game: pairing.game ?? '' } },
          el('span', { class: 'pairing-players' }, playerLink(pairing.x), el('span', { class: 'muted', text: ` ${t('tournament.versus')} ` }),
            playerLink(pairing.o)),
          result ? el('span', { class: 'pairing-result', text: result }) : link);
      });
      replaceChildren(list, rows.length ? rows : emptyRow(t(swiss ? 'tournament.noPairings' : 'tournament.noGames')));
    },
  };
}
