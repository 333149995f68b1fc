// Both clocks of a clocked game, counted down here from what the server measured (its
// clock is the truth: the game ends when the server says so, and "now" is the server's,
// server-clock.js), the running one marked and the low one highlighted; or, for a
// correspondence game, the deadline of the move. The running clock is drawn again just as
// its text changes, so that it turns when the server's does, not up to a tick later.

import { el, setText } from '../dom.js';
import { seatName } from '../describe.js';
import { clockText, timeLeft, untilClockTextChanges } from '../pace.js';
import { serverNow } from '../server-clock.js';
import { formatDate, t } from '../i18n.js';

/** Under this many milliseconds a clock is highlighted. */
const LOW = 10_000;
/** The longest wait between two drawings, so that a better reading of the server's time shows soon. */
const LONGEST_WAIT = 1000;

export function gameClocks() {
  const face = (mark) => {
    const time = el('span', { class: 'clock-time', id: `clock-${mark.toLowerCase()}` });
    const name = el('span', { class: 'clock-name' });
    return { node: el('div', { class: 'clock', dataset: { mark } }, name, time), name, time };
  };
  const x = face('X'), o = face('O');
  const deadline = el('p', { class: 'deadline muted', id: 'game-deadline' });
  const clocks = el('div', { class: 'clocks', id: 'game-clocks', 'aria-label': t('game.clocks') }, x.node, o.node);
  const node = el('div', { class: 'game-time' }, clocks, deadline);
  let game = null;
  let timer = null;

  function tick() {
    clearTimeout(timer);
    timer = null;
    if (!game?.clock) return;
    const now = serverNow();
    for (const [mark, faceOf] of [['X', x], ['O', o]]) {
      const ms = timeLeft(game, mark, now);
      setText(faceOf.time, clockText(ms));
      faceOf.node.classList.toggle('is-running', game.clock.running === mark);
      faceOf.node.classList.toggle('is-low', ms < LOW);
    }
    const running = game.clock.running;
    if (running) timer = setTimeout(tick, Math.min(untilClockTextChanges(timeLeft(game, running, now)), LONGEST_WAIT));
  }

  return {
    node,
    render(shown) {
      game = shown;
      clocks.hidden = !game.clock;
      if (game.clock) {
        setText(x.name, `${seatName(game, 'X')} (X)`);
        setText(o.name, `${seatName(game, 'O')} (O)`);
      }
      const byPost = game.time_control?.kind === 'correspondence' && game.deadline;
      deadline.hidden = !byPost;
      setText(deadline, byPost ? t('game.moveBy', { date: formatDate(game.deadline, { dateStyle: 'long', timeStyle: 'short' }) }) : '');
      tick();
    },
    destroy() {
      clearTimeout(timer);
      timer = null;
    },
  };
}
