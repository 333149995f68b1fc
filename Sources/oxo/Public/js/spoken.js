// The screen-reader mode's words: what it says of a game as it goes (moves, whose turn,
// clocks) and what its typed commands answer (board, last, clock, moves, help). Nothing
// here decides anything; every fact comes from the server's GameView. The words are the
// catalogue's (`spoken.*`, i18n.js).

import { matchTitle, seatName } from './describe.js';
import { marksOf } from './store.js';
import { timeLeft } from './pace.js';
import { cellCoordinate, variantOf } from './variants.js';
import { formatDate, formatUnit, t } from './i18n.js';

/** "2 minutes 41", "1 minute", "9 seconds": a clock's time as it is said. */
export function spokenTime(ms) {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (!minutes) return formatUnit(rest, 'second');
  return rest ? t('spoken.minutesAndSeconds', { minutes: formatUnit(minutes, 'minute'), seconds: rest }) : formatUnit(minutes, 'minute');
}

/** "Bob played O on c3.", "You played X on b2.", or in pass and play "X played on b2." */
export function moveSentence(move, game, me) {
  const cell = cellCoordinate(move.cell, game);
  if (game.mode === 'pass_and_play') return t('spoken.movedPassAndPlay', { mark: move.mark, cell });
  if (marksOf(game, me).includes(move.mark)) return t('spoken.youMoved', { mark: move.mark, cell });
  return t('spoken.moved', { name: seatName(game, move.mark), mark: move.mark, cell });
}

/** "Your turn, 2 minutes 41 left.", "Bob's turn.", "X to move."; `where` (Ultimate's small board) follows. */
export function turnSentence(game, me, where = '') {
  const turn = game.turn;
  const mine = marksOf(game, me);
  const time = game.clock ? spokenTime(timeLeft(game, turn)) : null;
  const said = (key, params = {}) => (time === null ? t(key, params) : t(`${key}.time`, { ...params, time }));
  let sentence;
  if (game.mode === 'pass_and_play') sentence = said('spoken.turn.passAndPlay', { mark: turn });
  else if (mine.includes(turn)) sentence = said('spoken.turn.yours');
  else if (mine.length) sentence = said('spoken.turn.theirs', { name: seatName(game, turn) });
  else sentence = said('spoken.turn.toMove', { name: seatName(game, turn), mark: turn });
  return where ? `${sentence} ${where}` : sentence;
}

/** Said when the game screen opens in the mode: which game, who plays whom, how to play. */
export function introduction(game, me) {
  const variant = variantOf(game);
  return t('spoken.introduction', { code: game.code, board: variant.name, size: variant.size, match: matchTitle(game, me) });
}

/** A clock warning: "30 seconds left on your clock." */
export function clockWarning(ms) {
  return t('spoken.clockWarning', { time: spokenTime(ms) });
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
      if (all || mark) cells.push(`${cellCoordinate(cell, game)} ${mark ?? t('cell.empty')}`);
    }
    if (cells.length) rows.push(t('spoken.row', { number: row + 1, cells: cells.join(', ') }));
  }
  if (!rows.length) rows.push(t('spoken.boardEmpty'));
  else if (!all) rows.push(t('spoken.otherRowsEmpty'));
  return [...rows, ...extra].join(' ');
}

/** Ultimate's small boards that are decided: "Top-left board won by X."; `nameOf(b)` names board b. */
export function smallBoardsReading(states, nameOf) {
  const decided = [...(states ?? '')].map((state, b) => {
    if (state === 'X' || state === 'O') return t('spoken.smallBoardWon', { board: nameOf(b), mark: state });
    return state === '-' ? t('spoken.smallBoardFull', { board: nameOf(b) }) : null;
  });
  return decided.filter(Boolean);
}

/** "last": the last move, or that there is none. */
export function lastReading(game, me) {
  const move = game.moves[game.moves.length - 1];
  return move ? t('spoken.last', { number: move.number, move: moveSentence(move, game, me) }) : t('spoken.noMove');
}

/** "moves": every move in the notation. */
export function movesReading(game) {
  if (!game.moves.length) return t('spoken.noMove');
  return t('spoken.moves', { moves: game.moves.map((move) => `${move.number}. ${cellCoordinate(move.cell, game)} ${move.mark}`).join(', ') });
}

/** "clock": both times and which runs, or the correspondence deadline, or that there is none. */
export function clockReading(game, me) {
  if (game.clock) {
    const mine = marksOf(game, me);
    const side = (mark) => {
      const name = mine.includes(mark) && game.mode !== 'pass_and_play' ? t('match.you') : seatName(game, mark);
      const time = spokenTime(timeLeft(game, mark));
      return t(game.clock.running === mark ? 'spoken.clockRunning' : 'spoken.clockSide', { name, mark, time });
    };
    return `${side('X')} ${side('O')}`;
  }
  if (game.time_control?.kind === 'correspondence' && game.deadline) {
    return t('spoken.dueBy', { date: formatDate(game.deadline, { dateStyle: 'long', timeStyle: 'short' }) });
  }
  return t('spoken.noClock');
}

/** "help": the commands. */
export function commandHelp(game) {
  return variantOf(game).key === 'classic' ? t('spoken.helpClassic') : t('spoken.help');
}

/** A name past the board's edge: "There is no cell d4 on this board." */
export const notOnBoard = (name) => t('spoken.notOnBoard', { name });

/** What the command box says of words it does not know. */
export const notACommand = (text) => t('spoken.notACommand', { text });

/** The typed commands, each the English word or the language's own: { board, last, clock, moves, help }. */
export function commandWord(text) {
  return ['board', 'last', 'clock', 'moves', 'help'].find((word) => text === word || text === t(`command.${word}`).toLowerCase()) ?? null;
}
