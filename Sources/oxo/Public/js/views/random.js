// Play random: pairs the user with whoever is waiting, or seats them in someone's open
// game, or waits (with the time waited) until someone comes; Cancel leaves the queue.
// The button counts the others waiting, as `presence` says (their status `waiting`).
// The pairing itself arrives as `game_started` in the inbox, and main.js goes to it.
// The pace: casual (sent as no body, as every server takes it) or a clock preset, and the
// board (classic unless chosen): each board and pace has a queue of its own, so a player
// is paired only with one who chose the same.

import { el, setText } from '../dom.js';
import { serverNow } from '../server-clock.js';
import { variantTag } from '../variants.js';
import { attempt } from './shared/attempt.js';
import { paceField } from './shared/pace-field.js';
import { variantField } from './shared/variant-field.js';
import { t } from '../i18n.js';

export function randomView({ store, actions }) {
  const play = el('button', { type: 'button', class: 'primary', id: 'play-random', text: t('random.play') });
  const cancel = el('button', { type: 'button', id: 'cancel-random', text: t('common.cancel') });
  const waitingText = el('p', { class: 'muted', id: 'random-status', 'aria-live': 'polite' });
  const error = el('p', { class: 'form-error', role: 'alert' });
  const pace = paceField({ id: 'random-pace', label: t('random.pace'), only: ['casual', '1+0', '1+1', '3+2', '5+0'], custom: false, short: true });
  const variant = variantField({ id: 'random-variant', short: true });
  // The board and the pace share a row beside the button, or under it where the screen is narrow.
  const node = el('div', { class: 'random' },
    el('div', { class: 'inline random-row' }, play, cancel, el('div', { class: 'random-choice' }, variant.node, pace.node)),
    variant.rules, waitingText, error);
  let ticker = null;

  const run = (work) => attempt(work, { refusal: error });
  play.addEventListener('click', () => run(() => actions.playRandom(pace.control(), variant.value())));
  actions.loadVariants().then(variant.refresh);
  cancel.addEventListener('click', () => run(() => actions.leaveRandom()));

  function render(state) {
    const others = state.online ? [...state.online.values()]
      .filter((entry) => entry.status === 'waiting' && entry.player.id !== state.session?.user.id).length : 0;
    setText(play, others ? t('random.playWaiting', { count: others }) : t('random.play'));
    const waiting = state.random.state === 'waiting';
    play.hidden = waiting;
    pace.node.hidden = waiting;
    variant.node.hidden = waiting;
    if (waiting) variant.rules.hidden = true;
    else variant.refresh();
    cancel.hidden = !waiting;
    node.dataset.state = state.random.state;
    clearInterval(ticker);
    ticker = null;
    if (!waiting) {
      setText(waitingText, '');
      return;
    }
    // `since` is the server's moment: counted from the server's now.
    const since = Date.parse(state.random.since ?? '') || serverNow();
    const tick = () => {
      const seconds = Math.max(0, Math.floor((serverNow() - since) / 1000));
      const board = variantTag(state.random.variant);
      const time = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
      setText(waitingText, board ? t('random.lookingBoard', { board, time }) : t('random.looking', { time }));
    };
    tick();
    ticker = setInterval(tick, 1000);
  }

  render(store.state);
  const unsubscribe = store.subscribe(render);
  return { node, destroy() { unsubscribe(); clearInterval(ticker); } };
}
