// The screen-reader mode's words: what it says of a game as it goes (moves, whose turn,
// clocks) and what its typed commands answer (board, last, clock, moves, help). Nothing
// here decides anything; every fact comes from the server's GameView. Kept in one file so
// that one catalogue can take them over.

import { matchTitle, seatName } from './describe.js';
import { marksOf } from './store.js';
import { timeLeft } from './pace.js';
import { cellCoordinate, variantOf } from './variants.js';

const plural = (count, one, many) => `${count} ${count === 1 ? one : many}`;

/** "2 minutes 41", "1 minute", "9 seconds": a clock's time as it is said. */
export function spokenTime(ms) {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (!minutes) return plural(rest, 'second', 'seconds');
  return rest ? `${plural(minutes, 'minute', 'minutes')} ${rest}` : plural(minutes, 'minute', 'minutes');
}

/** "Bob played O on c3.", "You played X on b2.", or in pass and play "X played on b2." */
export function moveSentence(move, game, me) {
  const where = cellCoordinate(move.cell, game);
  if (game.mode === 'pass_and_play') return `${move.mark} played on ${where}.`;
  const who = marksOf(game, me).includes(move.mark) ? 'You' : seatName(game, move.mark);
  return `${who} played ${move.mark} on ${where}.`;
}

/** "Your turn, 2 minutes 41 left.", "Bob's turn.", "X to move."; `where` (Ultimate's small board) follows. */
export function turnSentence(game, me, where = '') {
  const turn = game.turn;
  const mine = marksOf(game, me);
  const left = game.clock ? `, ${spokenTime(timeLeft(game, turn))} left` : '';
  let sentence;
  if (game.mode === 'pass_and_play') sentence = `${turn} to move${left}.`;
  else if (mine.includes(turn)) sentence = `Your turn${left}.`;
  else if (mine.length) sentence = `${seatName(game, turn)}'s turn${left}.`;
  else sentence = `${seatName(game, turn)} (${turn}) to move${left}.`;
  return where ? `${sentence} ${where}` : sentence;
}

/** Said when the game screen opens in the mode: which game, who plays whom, how to play. */
export function introduction(game, me) {
  const variant = variantOf(game);
  return `Game ${game.code}, ${variant.name}, ${variant.size}. ${matchTitle(game, me)}. `
    + 'Type a cell such as b2 in the command box to play, or help for the commands.';
}

/** A clock warning: "30 seconds left on your clock." */
export function clockWarning(ms) {
  return `${spokenTime(ms)} left on your clock.`;
}

/** "board": the position row by row; rows without a mark are left out on the bigger boards. */
export function boardReading(game, extra = []) {
  const { width, height } = variantOf(game);
  const all = width <= 4;
  const rows = [];
  for (let row = 0; row < height; row += 1) {
    const cells = [];
    for (let column = 0; column < width; column += 1) {
      const cell = row * width + column;
      const mark = game.board[cell] === 'X' || game.board[cell] === 'O' ? game.board[cell] : null;
      if (all || mark) cells.push(`${cellCoordinate(cell, game)} ${mark ?? 'empty'}`);
    }
    if (cells.length) rows.push(`Row ${row + 1}: ${cells.join(', ')}.`);
  }
  if (!rows.length) rows.push('The board is empty.');
  else if (!all) rows.push('The other rows are empty.');
  return [...rows, ...extra].join(' ');
}

/** Ultimate's small boards that are decided: "Top-left board won by X." */
export function smallBoardsReading(states, nameOf) {
  const decided = [...(states ?? '')].map((state, b) => {
    if (state === 'X' || state === 'O') return `${nameOf(b)} board won by ${state}.`;
    return state === '-' ? `${nameOf(b)} board full, nobody won.` : null;
  });
  return decided.filter(Boolean);
}

/** "last": the last move, or that there is none. */
export function lastReading(game, me) {
  const move = game.moves[game.moves.length - 1];
  return move ? `Move ${move.number}: ${moveSentence(move, game, me)}` : 'No move yet.';
}

/** "moves": every move in the notation. */
export function movesReading(game) {
  if (!game.moves.length) return 'No move yet.';
  return `Moves: ${game.moves.map((move) => `${move.number}. ${cellCoordinate(move.cell, game)} ${move.mark}`).join(', ')}.`;
}

/** "clock": both times and which runs, or the correspondence deadline, or that there is none. */
export function clockReading(game, me) {
  if (game.clock) {
    const mine = marksOf(game, me);
    const side = (mark) => {
      const who = mine.includes(mark) && game.mode !== 'pass_and_play' ? 'You' : seatName(game, mark);
      const running = game.clock.running === mark ? ', running' : '';
      return `${who} (${mark}): ${spokenTime(timeLeft(game, mark))}${running}.`;
    };
    return `${side('X')} ${side('O')}`;
  }
  if (game.time_control?.kind === 'correspondence' && game.deadline) {
    return `No clock: the move is due by ${new Date(game.deadline).toLocaleString()}.`;
  }
  return 'This game has no clock.';
}

/** "help": the commands. */
export function commandHelp(game) {
  const digits = variantOf(game).key === 'classic' ? ' (or 1 to 9, 1 the top left)' : '';
  return `Commands: a cell such as b2${digits} plays it; board reads the position row by row; `
    + 'last, the last move; clock, the times; moves, the move list; help, this list.';
}

export const NOT_ON_BOARD = (name) => `There is no cell ${name} on this board.`;
export const NOT_A_COMMAND = (text) => `"${text}" is not a command. Type a cell such as b2, or board, last, clock, moves or help.`;

/** The command box's words. */
export const COMMAND_LABEL = 'Command';
export const COMMAND_HELP = 'A cell (b2) to play it, or board, last, clock, moves, help.';
export const COMMAND_BUTTON = 'Do';
export const LOG_TITLE = 'Said aloud';

/** Settings' switch, and the offer made when the browser hints at a screen reader. */
export const SCREEN_READER_TITLE = 'Screen-reader mode';
export const SCREEN_READER_SWITCH = 'Play without seeing the board';
export const SCREEN_READER_HELP = 'Each move, clock warning, rematch offer and result is read out as it comes, and in a '
  + 'game one box takes typed commands: a cell such as b2 plays it; board, last, clock and moves read the game. '
  + 'Kept on this device.';
export const OFFER_QUESTION = 'Play without seeing the board?';
export const OFFER_TEXT = 'The screen-reader mode reads every move out and takes typed commands. It stays in Settings.';
export const OFFER_ACCEPT = 'Turn it on';
export const OFFER_DECLINE = 'No, thanks';
