// A tournament in words, for the lobby's list, its page and a profile: its kind, its
// board and pace, how many play, where it stands in time ("Starts in 4:05", "Ends in
// 12:30", "Round 2 of 5") and points as the standings count them (halves in a Swiss).

import { paceLabel } from '../../pace.js';
import { variantName } from '../../variants.js';
import { formatNumber, t } from '../../i18n.js';

export const kindName = (tournament) => t(`tournament.kind.${tournament.kind}`);

/** "Arena · Gomoku · 3+2 · 12 players": what the lists show beside the name. */
export function tournamentFacts(tournament, players = tournament.players ?? tournament.standings?.length ?? 0) {
  return [kindName(tournament), variantName(tournament.variant), paceLabel(tournament) ?? t('pace.casualShort'),
    t('tournament.players', { count: players })].join(' · ');
}

/** "1:05:09", "4:05": a length of time to a countdown's second. */
export function countdownText(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** Where the tournament stands at `now` (the server's): starting, ending, the round, or over. */
export function whenText(tournament, now) {
  if (tournament.state === 'cancelled') return t('tournament.cancelled');
  if (tournament.state === 'finished') return t('tournament.finished');
  if (tournament.state === 'scheduled') {
    return t('tournament.startsIn', { time: countdownText(Date.parse(tournament.starts_at) - now) });
  }
  if (tournament.kind === 'swiss') {
    return t('tournament.roundOf', { round: Math.max(tournament.round ?? 0, 1), rounds: tournament.rounds ?? 0 });
  }
  if (tournament.ends_at) {
    const left = Date.parse(tournament.ends_at) - now;
    return left > 0 ? t('tournament.endsIn', { time: countdownText(left) }) : t('tournament.lastGames');
  }
  return t('tournament.running');
}

/** Points as written in the language: "7", "3.5" (a Swiss draw is a half). */
export const pointsText = (points) => formatNumber(points, { maximumFractionDigits: 1 });
