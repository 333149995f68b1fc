// The screen-reader mode's command box on the game screen: one text field that takes a
// cell's name ("b2", "h8"; on classic also 1–9) to play it, or a word: "board" reads the
// position row by row, "last" the last move, "clock" the times, "moves" the move list,
// "help" the commands. Every answer is said by the announcer; a move's outcome comes as
// the game moves on (game-speech.js) or as the server's refusal.

import { el } from '../dom.js';
import { cellFromCoordinate, variantOf } from '../variants.js';
import {
  boardReading, clockReading, commandHelp, lastReading, movesReading,
  NOT_A_COMMAND, NOT_ON_BOARD, COMMAND_BUTTON, COMMAND_HELP, COMMAND_LABEL,
} from '../spoken.js';

/** The cell a typed name stands for: a number, -1 for a name past the board's edge, null for no cell's name. */
function typedCell(text, game) {
  if (variantOf(game).key === 'classic' && /^[1-9]$/.test(text)) return Number(text) - 1;
  return cellFromCoordinate(text, game);
}

/**
 * @param current () => the game shown; me () => the user's id
 * @param play (cell) => plays it (the game screen's own, refusals included)
 * @param say (...lines) => said by the announcer
 * @param extras (game) => lines "board" adds after the rows (Ultimate's small boards, where to play)
 */
export function gameCommands({ current, me, play, say, extras = () => [] }) {
  const input = el('input', { id: 'game-command', name: 'command', autocomplete: 'off', autocapitalize: 'none',
    spellcheck: 'false', enterkeyhint: 'send', 'aria-describedby': 'game-command-help' });
  const node = el('form', { class: 'game-commands', id: 'game-commands', novalidate: true },
    el('label', { for: 'game-command', text: COMMAND_LABEL }),
    el('div', { class: 'inline' }, input, el('button', { type: 'submit', class: 'primary', text: COMMAND_BUTTON })),
    el('p', { class: 'field-help', id: 'game-command-help', text: COMMAND_HELP }));

  const WORDS = {
    board: (game) => boardReading(game, extras(game)),
    last: (game) => lastReading(game, me()),
    clock: (game) => clockReading(game, me()),
    moves: (game) => movesReading(game),
    help: (game) => commandHelp(game),
  };

  function run(text) {
    const game = current();
    if (!game || !text) return;
    const cell = typedCell(text, game);
    if (cell !== null && cell >= 0) play(cell);
    else if (cell === -1) say(NOT_ON_BOARD(text));
    else if (WORDS[text]) say(WORDS[text](game));
    else say(NOT_A_COMMAND(text));
  }

  node.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim().toLowerCase();
    input.value = '';
    run(text);
  });

  return { node, focus: () => input.focus() };
}
