// The screen-reader mode's command box on the game screen: one text field that takes a
// cell's name ("b2", "h8"; on classic also 1–9) to play it, or a word: "board" reads the
// position row by row, "last" the last move, "clock" the times, "moves" the move list,
// "help" the commands (each also in the language shown: "plateau", "tablero"). Every answer is said by the announcer; a move's outcome comes as
// the game moves on (game-speech.js) or as the server's refusal.

import { el } from '../dom.js';
import { cellFromCoordinate, variantOf } from '../variants.js';
import {
  boardReading, clockReading, commandHelp, commandWord, lastReading, movesReading, notACommand, notOnBoard,
} from '../spoken.js';
import { t } from '../i18n.js';

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
    el('label', { for: 'game-command', text: t('commands.label') }),
    el('div', { class: 'inline' }, input, el('button', { type: 'submit', class: 'primary', text: t('commands.button') })),
    el('p', { class: 'field-help', id: 'game-command-help', text: t('commands.help') }));

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
    const word = commandWord(text);
    if (cell !== null && cell >= 0) play(cell);
    else if (cell === -1) say(notOnBoard(text));
    else if (word) say(WORDS[word](game));
    else say(notACommand(text));
  }

  node.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim().toLowerCase();
    input.value = '';
    run(text);
  });

  return { node, focus: () => input.focus() };
}
