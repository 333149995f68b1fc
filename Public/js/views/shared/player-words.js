// A player's record and rating in words, as the profile and the leaderboard write them.

export function recordText(record) {
  return `${record.won} won · ${record.lost} lost · ${record.drawn} drawn`;
}

export function ratingText(rating) {
  return `${Math.round(rating.value)} ± ${Math.round(rating.deviation)}`;
}
