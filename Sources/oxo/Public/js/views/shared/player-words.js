// A player's record and rating in words, as the profile and the leaderboard write them.

import { t } from '../../i18n.js';

export function recordText(record) {
  return t('player.record', { won: record.won, lost: record.lost, drawn: record.drawn });
}

/** "1423 ± 260", with no-break spaces: the value and its deviation never part on two lines. */
export function ratingText(rating) {
  return `${Math.round(rating.value)}\u00a0±\u00a0${Math.round(rating.deviation)}`;
}
