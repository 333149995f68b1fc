// What the screen-reader mode says on the game screen, through the announcer (announcer.js):
// on opening, which game it is and whose turn; then each move as it arrives with whose turn
// follows and the time left ("Bob played O on c3. Your turn, 2 minutes 41 left."), the
// start, the result, the server's refusals, the rematch offers and the opponent's leaving
// (the words those parts of the screen show), and warnings as the player's own clock runs
// low. The screen's other live regions are quiet meanwhile, so each thing is said once.

import { resultLine, statusLine, matchTitle } from '../describe.js';
import { marksOf } from '../store.js';
import { timeLeft } from '../pace.js';
import { clockWarning, introduction, moveSentence, turnSentence } from '../spoken.js';

/** A warning as the player's running clock passes each of these (milliseconds). */
const WARNINGS = [60_000, 30_000, 10_000];
/** The clock is looked at again at least this often, so a better reading of the server's time counts soon. */
const LONGEST_WAIT = 1000;
/** The live regions the announcer speaks for while the mode is on. */
const QUIETED = ['#game-status', '#game-refusal', '#board-where', '#rematch-text', '#away-text', '#series'];
/** Parts whose words are said as they appear: [selector, whether every new text is said, or only the first after silence]. */
const RELAYED = [['#rematch-text', true], ['#away-text', false]];

/** Turns the screen's own live regions off (`quiet`) or back on, keeping what they were. */
function quietOthers(root, quiet) {
  for (const node of root.querySelectorAll(QUIETED.join(','))) {
    if (quiet && node.dataset.spokenBy !== 'announcer') {
      node.dataset.spokenBy = 'announcer';
      node.dataset.live = node.getAttribute('aria-live') ?? '';
      node.dataset.role = node.getAttribute('role') ?? '';
      node.setAttribute('aria-live', 'off');
      node.removeAttribute('role');
    } else if (!quiet && node.dataset.spokenBy === 'announcer') {
      if (node.dataset.live) node.setAttribute('aria-live', node.dataset.live); else node.removeAttribute('aria-live');
      if (node.dataset.role) node.setAttribute('role', node.dataset.role);
      for (const key of ['spokenBy', 'live', 'role']) delete node.dataset[key];
    }
  }
}

/**
 * @param announcer the voice (createAnnouncer)
 * @param root the game screen, whose own live regions go quiet while the mode is on
 * @param where (game, me) => the sentence naming Ultimate's small board to play in, or ''
 */
export function gameSpeech({ announcer, root, where }) {
  let on = false;
  /** What was last said about: { id, moves, phase } */
  let seen = null;
  const relayed = new Map();
  /** The marks warned of (or passed before) in the turn `warnedTurn` ("<game> <moves>"). */
  let warned = new Set();
  let warnedTurn = null;
  let timer = null;
  let latest = null;

  function now(game, me) {
    return game.phase === 'live' ? turnSentence(game, me, where(game, me)) : statusLine(game, me);
  }

  function changes(game, me) {
    if (!seen || seen.id !== game.id) return [introduction(game, me), now(game, me)];
    const said = game.moves.slice(seen.moves).map((move) => moveSentence(move, game, me));
    if (seen.phase === 'open' && game.phase !== 'open') said.push(`${matchTitle(game, me)}.`);
    if (game.phase === 'live' && said.length) said.push(turnSentence(game, me, where(game, me)));
    if (seen.phase !== 'finished' && game.phase === 'finished') said.push(resultLine(game, me));
    return said;
  }

  function relay() {
    for (const [selector, everyText] of RELAYED) {
      const text = root.querySelector(selector)?.textContent.trim() ?? '';
      const before = relayed.get(selector) ?? '';
      relayed.set(selector, text);
      if (text && text !== before && (everyText || !before)) announcer.say(text);
    }
  }

  /**
   * Warns once as the player's own running clock passes each mark, and waits for the next.
   * The marks already passed when the turn begins are not warned of: the turn's sentence
   * says the time left.
   */
  function watchClock() {
    clearTimeout(timer);
    timer = null;
    const { game, me } = latest ?? {};
    if (!on || !game?.clock || game.phase !== 'live') return;
    const running = game.clock.running;
    if (!running || !marksOf(game, me).includes(running) || game.mode === 'pass_and_play') return;
    const left = timeLeft(game, running);
    const turn = `${game.id} ${game.moves.length}`;
    if (turn !== warnedTurn) {
      warnedTurn = turn;
      warned = new Set(WARNINGS.filter((mark) => left <= mark));
    } else {
      const passed = WARNINGS.filter((mark) => left <= mark && !warned.has(mark));
      if (passed.length) announcer.say(clockWarning(left));
      passed.forEach((mark) => warned.add(mark));
    }
    const next = WARNINGS.find((mark) => mark < left);
    if (next !== undefined) timer = setTimeout(watchClock, Math.min(left - next + 50, LONGEST_WAIT));
  }

  return {
    /** After the screen has drawn `game`: says what changed since the last time. */
    render(game, me) {
      latest = { game, me };
      if (!on) return;
      quietOthers(root, true);
      announcer.say(changes(game, me).join(' '));
      seen = { id: game.id, moves: game.moves.length, phase: game.phase };
      relay();
      watchClock();
    },
    /** The server's refusal of what the user asked, in its words. */
    refused(text) {
      if (on) announcer.say(text);
    },
    /** The mode turned on (the game is introduced anew) or off. */
    setOn(value) {
      on = value;
      seen = null;
      relayed.clear();
      if (!on) {
        quietOthers(root, false);
        clearTimeout(timer);
      } else if (latest) {
        this.render(latest.game, latest.me);
      }
    },
    destroy() {
      clearTimeout(timer);
    },
  };
}
