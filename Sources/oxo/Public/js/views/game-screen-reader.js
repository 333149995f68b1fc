// The game screen's part of the screen-reader mode: the command box (game-commands.js)
// and the log it and the game speak into (announcer.js, game-speech.js), shown while the
// mode is on; turning the mode on or off (in Settings, or from the offer) takes effect at once.

import { el } from '../dom.js';
import { isMyTurn } from '../store.js';
import { variantOf } from '../variants.js';
import { onScreenReaderModeChange, screenReaderMode } from '../screen-reader.js';
import { smallBoardsReading } from '../spoken.js';
import { createAnnouncer } from './announcer.js';
import { gameCommands } from './game-commands.js';
import { gameSpeech } from './game-speech.js';
import { smallBoardTitle, whereText } from './ultimate-board.js';

/** Ultimate's sentence on the small board to play in; '' on the other boards. */
function ultimateWhere(game, me) {
  if (variantOf(game).key !== 'ultimate') return '';
  return whereText({ live: game.phase === 'live', active: game.active_board ?? null, turn: game.turn, yourTurn: isMyTurn(game, me) });
}

/**
 * @param root the game screen (its own live regions go quiet while the mode is on)
 * @param current () => the game shown; me () => the user's id
 * @param play (cell) => plays it; onModeChange () => called after the mode changed
 */
export function gameScreenReader({ root, current, me, play, onModeChange }) {
  const announcer = createAnnouncer();
  const speech = gameSpeech({ announcer, root, where: ultimateWhere });
  const commands = gameCommands({ current, me, play, say: announcer.say,
    extras: (game) => (variantOf(game).key === 'ultimate'
      ? [...smallBoardsReading(game.small_boards, smallBoardTitle), ultimateWhere(game, me())]
      : []) });
  const node = el('div', { class: 'screen-reader-panel', id: 'screen-reader-panel' }, commands.node, announcer.node);
  /** The command box takes the keyboard once, when the game first shows in the mode. */
  let focused = false;

  function apply(on) {
    node.hidden = !on;
    speech.setOn(on);
  }
  apply(screenReaderMode());
  const stop = onScreenReaderModeChange((on) => {
    apply(on);
    onModeChange();
  });

  return {
    node,
    render(game, userId) {
      speech.render(game, userId);
      // Not before the screen is in the page: a detached field cannot take the focus.
      if (!node.hidden && !focused && node.isConnected) {
        focused = true;
        commands.focus();
      }
    },
    refused: (text) => speech.refused(text),
    destroy() {
      stop();
      speech.destroy();
    },
  };
}
