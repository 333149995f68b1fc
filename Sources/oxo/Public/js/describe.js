// Words for what the server says about a game. Nothing here decides anything: the
// phase, the side to move and the result all come from the server's GameView.

import { marksOf, seatOf } from './store.js';
import { paceLabel } from './pace.js';
import { cellCoordinate, computerName } from './variants.js';
import { t } from './i18n.js';

/** The name of whoever sits on a side: "Bob", "Perfect computer" (no brackets, since sentences add the mark in some). */
export function seatName(game, mark) {
  const seat = seatOf(game, mark);
  if (!seat) return t('seat.waiting');
  if (seat.player) return seat.player.display_name;
  if (seat.computer) return computerName(game, seat.computer);
  return t('seat.unknown');
}

/** How the user should call the person on a side: "you" when it is them. */
function who(game, mark, userId) {
  const mine = marksOf(game, userId);
  if (mine.includes(mark) && game.mode !== 'pass_and_play') return t('match.you');
  return seatName(game, mark);
}

/** One sentence: what is happening in the game now, for the signed-in user. */
export function statusLine(game, userId) {
  const mine = marksOf(game, userId);
  if (game.phase === 'open') {
    return mine.length ? t('status.openMine', { code: game.code }) : t('status.open');
  }
  if (game.phase === 'live') {
    const turn = game.turn;
    if (game.mode === 'pass_and_play' && mine.includes(turn)) return t('status.passAndPlay', { mark: turn });
    if (mine.includes(turn)) return t('status.yourTurn', { mark: turn });
    if (mine.length) return t('status.waitingFor', { name: seatName(game, turn), mark: turn });
    return t('status.toMove', { name: seatName(game, turn), mark: turn });
  }
  return resultLine(game, userId);
}

/** How a finished game ended. */
export function resultLine(game, userId) {
  const result = game.result;
  if (!result) return t('result.over');
  if (!result.winner && result.reason === 'abandoned') return t('result.bothLeft');
  if (result.reason === 'expired') return t('result.expired');
  if (result.reason === 'cancelled') return t('result.cancelled');
  if (!result.winner && result.reason === 'timeout') return t('result.timeoutDraw');
  if (!result.winner) return t('result.draw');
  const winner = result.winner;
  const loser = winner === 'X' ? 'O' : 'X';
  const mine = marksOf(game, userId);
  const solo = game.mode === 'pass_and_play';
  const text = !solo && mine.includes(winner) ? t('result.youWin', { mark: winner }) : t('result.wins', { name: seatName(game, winner), mark: winner });
  const them = { name: seatName(game, loser), mark: loser, result: text };
  if (result.reason === 'abandoned') {
    return mine.includes(loser) ? t('result.youLeft', { result: text }) : t('result.left', them);
  }
  if (result.reason === 'timeout') {
    return !solo && mine.includes(loser) ? t('result.yourTimeRanOut', { result: text }) : t('result.ranOutOfTime', them);
  }
  if (result.reason === 'resignation') {
    return !solo && mine.includes(loser) ? t('result.youResigned', { result: text }) : t('result.resigned', them);
  }
  return text;
}

/** A short label for a list: "Your turn", "Their turn", "Waiting", "You won"… */
export function shortStatus(game, userId) {
  const mine = marksOf(game, userId);
  if (game.phase === 'open') return t('short.waiting');
  if (game.phase === 'live') {
    if (mine.includes(game.turn)) return game.mode === 'pass_and_play' ? t('short.yourTurnMark', { mark: game.turn }) : t('short.yourTurn');
    return t('short.theirTurn', { name: seatName(game, game.turn) });
  }
  const result = game.result;
  if (result?.reason === 'expired') return t('short.expired');
  if (result?.reason === 'cancelled') return t('short.cancelled');
  if (!result?.winner) return result?.reason === 'abandoned' ? t('short.abandoned') : t('short.draw');
  if (game.mode !== 'pass_and_play' && mine.includes(result.winner)) return t('short.youWon');
  if (game.mode !== 'pass_and_play' && mine.length) return t('short.youLost');
  return t('short.won', { mark: result.winner });
}

/** "Alice (X) vs Bob (O)", from the user's point of view; one person on both sides is "Pass and play". */
export function matchTitle(game, userId) {
  if (game.mode === 'pass_and_play') return t('match.passAndPlay');
  return t('match.title', { x: who(game, 'X', userId), o: who(game, 'O', userId) });
}

/** "vs computer", "pass and play", "online", "private", with the pace after a "·" when there is one. */
export function modeLabel(game) {
  if (game.mode === 'computer') return t('mode.computer');
  if (game.mode === 'pass_and_play') return t('mode.passAndPlay');
  const where = game.listed ? t('mode.online') : t('mode.private');
  const pace = paceLabel(game);
  return pace ? `${where} · ${pace}` : where;
}

/** A move of `game` (classic when left out) as one line of the game's record: "1. b2 X", "7. h8 O". */
export function moveNotation(move, game) {
  return `${move.number}. ${cellCoordinate(move.cell, game)} ${move.mark}`;
}

/** "top left", "centre"… for a cell 0–8 (or a small board of Ultimate's), on its own. */
export function cellName(cell) {
  return t(`place.${cell}`);
}

/** "top-left", "centre"… for a cell 0–8 (or a small board), where it names a cell or board: "the top-left cell". */
export function placeOf(cell) {
  return t(`place.${cell}.of`);
}
