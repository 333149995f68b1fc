// Words for what the server says about a game. Nothing here decides anything: the
// phase, the side to move and the result all come from the server's GameView.

import { marksOf, seatOf } from './store.js';
import { paceLabel } from './pace.js';
import { cellCoordinate, levelName } from './variants.js';

/** The name of whoever sits on a side: "Bob", "Perfect computer" (no brackets, since sentences add the mark in some). */
export function seatName(game, mark) {
  const seat = seatOf(game, mark);
  if (!seat) return 'Waiting for a player';
  if (seat.player) return seat.player.display_name;
  if (seat.computer) return `${levelName(game, seat.computer)} computer`;
  return 'Unknown';
}

/** How the user should call the person on a side: "you" when it is them. */
function who(game, mark, userId) {
  const mine = marksOf(game, userId);
  if (mine.includes(mark) && game.mode !== 'pass_and_play') return 'You';
  return seatName(game, mark);
}

/** One sentence: what is happening in the game now, for the signed-in user. */
export function statusLine(game, userId) {
  const mine = marksOf(game, userId);
  if (game.phase === 'open') {
    return mine.length ? `Waiting for an opponent to join. Share the code ${game.code}.` : 'Waiting for an opponent.';
  }
  if (game.phase === 'live') {
    const turn = game.turn;
    if (game.mode === 'pass_and_play' && mine.includes(turn)) return `${turn} to move.`;
    if (mine.includes(turn)) return `Your turn (${turn}).`;
    if (mine.length) return `Waiting for ${seatName(game, turn)} (${turn}).`;
    return `${seatName(game, turn)} (${turn}) to move.`;
  }
  return resultLine(game, userId);
}

/** How a finished game ended. */
export function resultLine(game, userId) {
  const result = game.result;
  if (!result) return 'The game is over.';
  if (!result.winner && result.reason === 'abandoned') return 'Both players left; nobody wins.';
  if (result.reason === 'expired') return 'Nobody joined in time, so the game was closed.';
  if (result.reason === 'cancelled') return 'The game was cancelled before anyone joined.';
  if (!result.winner && result.reason === 'timeout') return 'Time ran out, but the other side could no longer win: a draw.';
  if (!result.winner) return "It's a draw.";
  const winner = result.winner;
  const loser = winner === 'X' ? 'O' : 'X';
  const mine = marksOf(game, userId);
  const solo = game.mode === 'pass_and_play';
  const text = !solo && mine.includes(winner) ? `You win as ${winner}!` : `${seatName(game, winner)} (${winner}) wins.`;
  if (result.reason === 'abandoned') {
    const left = mine.includes(loser) ? 'You left' : `${seatName(game, loser)} (${loser}) left and did not come back`;
    return `${left}. ${text}`;
  }
  if (result.reason === 'timeout') {
    const late = !solo && mine.includes(loser) ? 'Your time ran out' : `${seatName(game, loser)} (${loser}) ran out of time`;
    return `${late}. ${text}`;
  }
  if (result.reason === 'resignation') {
    const resigned = !solo && mine.includes(loser) ? 'You resigned' : `${seatName(game, loser)} (${loser}) resigned`;
    return `${resigned}. ${text}`;
  }
  return text;
}

/** A short label for a list: "Your turn", "Their turn", "Waiting", "You won"… */
export function shortStatus(game, userId) {
  const mine = marksOf(game, userId);
  if (game.phase === 'open') return 'Waiting';
  if (game.phase === 'live') {
    if (mine.includes(game.turn)) return game.mode === 'pass_and_play' ? `Your turn (${game.turn})` : 'Your turn';
    return `${seatName(game, game.turn)}'s turn`;
  }
  const result = game.result;
  if (result?.reason === 'expired') return 'Expired';
  if (result?.reason === 'cancelled') return 'Cancelled';
  if (!result?.winner) return result?.reason === 'abandoned' ? 'Abandoned' : 'Draw';
  if (game.mode !== 'pass_and_play' && mine.includes(result.winner)) return 'You won';
  if (game.mode !== 'pass_and_play' && mine.length) return 'You lost';
  return `${result.winner} won`;
}

/** "Alice (X) vs Bob (O)", from the user's point of view; one person on both sides is "Pass and play". */
export function matchTitle(game, userId) {
  if (game.mode === 'pass_and_play') return 'Pass and play';
  return `${who(game, 'X', userId)} (X) vs ${who(game, 'O', userId)} (O)`;
}

export function modeLabel(game) {
  if (game.mode === 'computer') return 'vs computer';
  if (game.mode === 'pass_and_play') return 'pass and play';
  const where = game.listed ? 'online' : 'private';
  const pace = paceLabel(game);
  return pace ? `${where} · ${pace}` : where;
}

const ROWS = ['top', 'middle', 'bottom'];
const COLUMNS = ['left', 'centre', 'right'];

/** A move of `game` (classic when left out) as one line of the game's record: "1. b2 X", "7. h8 O". */
export function moveNotation(move, game) {
  return `${move.number}. ${cellCoordinate(move.cell, game)} ${move.mark}`;
}

/** "top left", "centre"… for a cell 0–8. */
export function cellName(cell) {
  const row = ROWS[Math.floor(cell / 3)];
  const column = COLUMNS[cell % 3];
  if (row === 'middle' && column === 'centre') return 'centre';
  return `${row} ${column}`;
}
