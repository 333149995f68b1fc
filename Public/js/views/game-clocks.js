// Both clocks of a clocked game, counted down here from what the server measured (its
// clock is the truth: the game ends when the server says so), the running one marked and
// the low one highlighted; or, for a correspondence game, the deadline of the move.

import { el, setText } from '../dom.js';
import { seatName } from '../describe.js';
import { clockText, timeLeft } from '../pace.js';

/** Under this many milliseconds a clock shows tenths and is highlighted. */
const LOW = 10_000;

export function gameClocks() {
  const face = (mark) => {
    const time = el('span', { class: 'clock-time', id: `clock-${mark.toLowerCase()}` });
    const name = el('span', { class: 'clock-name' });
    return { node: el('div', { class: 'clock', dataset: { mark } }, name, time), name, time };
  };
  const x = face('X'), o = face('O');
  const deadline = el('p', { class: 'deadline muted', id: 'game-deadline' });
  const clocks = el('div', { class: 'clocks', id: 'game-clocks', 'aria-label': 'Clocks' }, x.node, o.node);
  const node = el('div', { class: 'game-time' }, clocks, deadline);
  let game = null;
  let timer = null;

  function tick() {
    if (!game?.clock) return;
    for (const [mark, faceOf] of [['X', x], ['O', o]]) {
      const ms = timeLeft(game, mark);
      setText(faceOf.time, clockText(ms));
      faceOf.node.classList.toggle('is-running', game.clock.running === mark);
      faceOf.node.classList.toggle('is-low', ms < LOW);
    }
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
      setText(deadline, byPost ? `Move by ${new Date(game.deadline).toLocaleString()}` : '');
      tick();
      const running = Boolean(game.clock?.running);
      if (running && !timer) timer = setInterval(tick, 100);
      if (!running && timer) { clearInterval(timer); timer = null; }
    },
    destroy() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
