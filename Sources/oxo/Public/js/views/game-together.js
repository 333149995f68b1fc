// The parts of the game screen for two people: the series score between them, the
// rematch offer once a game ends, and the countdown when the opponent's connection goes.

import { el, setText } from '../dom.js';
import { seatName } from '../describe.js';
import { marksOf, seatOf } from '../store.js';
import { gamePath, navigate } from '../router.js';
import { serverNow } from '../server-clock.js';
import { attempt } from './shared/attempt.js';
import { t } from '../i18n.js';

/** The two seated people of an online game, from `me`'s side; null otherwise. */
function opponents(game, me) {
  const mine = marksOf(game, me);
  if (game.mode !== 'online' || mine.length !== 1 || !game.x?.player || !game.o?.player) return null;
  const theirs = mine[0] === 'X' ? 'O' : 'X';
  return { mine: mine[0], theirs, opponent: seatOf(game, theirs).player };
}

/** Runs `work` on a click; a refusal goes to `onError`, which shows it. */
function onPress(button, onError, work) {
  button.addEventListener('click', () => attempt(work, { refusal: onError }));
}

/** "You 2 – 1 Alice · 1 draw", asked again when the game or its phase changes. */
export function seriesLine({ actions }) {
  const node = el('p', { class: 'series muted', id: 'series', 'aria-live': 'polite' });
  let asked = null;
  return {
    node,
    render(game, me) {
      const sides = opponents(game, me);
      node.hidden = !sides;
      if (!sides) return;
      const key = `${game.id}:${game.phase}`;
      if (key === asked) return;
      asked = key;
      actions.series(sides.opponent.id).then((series) => {
        if (asked !== key) return;
        setText(node, t('series.line', { wins: series.wins, losses: series.losses, name: series.opponent.display_name,
          draws: t('series.draws', { count: series.draws }) }));
        node.dataset.score = `${series.wins}-${series.losses}-${series.draws}`;
      }).catch(() => {});
    },
  };
}

/**
 * Rematch: offer, see the other's offer, and go to the new game once both agreed. A
 * watcher sees the offers too, and may follow the players into the new game.
 */
export function rematchPanel({ actions, onError }) {
  const button = el('button', { type: 'button', class: 'primary', id: 'rematch', text: t('rematch.button') });
  const text = el('p', { class: 'rematch-text', id: 'rematch-text', 'aria-live': 'polite' });
  const node = el('div', { class: 'rematch' }, button, text);
  let current = null;
  onPress(button, onError, async () => {
    if (current?.rematch?.game) navigate(gamePath(current.rematch.game));
    else if (current) await actions.rematch(current.id);
  });
  return {
    node,
    render(game, me) {
      current = game;
      if (game.phase === 'finished' && !marksOf(game, me).length) {
        renderForWatcher(game);
        return;
      }
      const sides = game.phase === 'finished' ? opponents(game, me) : null;
      node.hidden = !sides;
      if (!sides) return;
      button.hidden = false;
      const offered = game.rematch?.offered_by ?? [];
      const started = game.rematch?.game;
      const name = sides.opponent.display_name;
      button.disabled = !started && offered.includes(sides.mine);
      setText(button, started ? t('rematch.goTo') : offered.includes(sides.mine) ? t('rematch.offered') : t('rematch.button'));
      setText(text, started ? t('rematch.started')
        : offered.includes(sides.theirs) ? t('rematch.theyOffer', { name })
        : offered.includes(sides.mine) ? t('rematch.waiting', { name }) : '');
    },
  };

  /** What a watcher is told: who offered, and once both did, the way to the new game. */
  function renderForWatcher(game) {
    const offered = game.rematch?.offered_by ?? [];
    const started = game.rematch?.game;
    node.hidden = !started && !offered.length;
    if (node.hidden) return;
    const [x, o] = [seatName(game, 'X'), seatName(game, 'O')];
    button.hidden = !started;
    button.disabled = false;
    setText(button, t('rematch.watch'));
    setText(text, started ? t('rematch.playingAgain', { x, o })
      : offered.length === 2 ? t('rematch.agreed', { x, o })
      : offered[0] === 'X' ? t('rematch.offers', { name: x, other: o }) : t('rematch.offers', { name: o, other: x }));
  }
}

/** "Opponent disconnected": a countdown to when the win may be claimed, then Claim. */
export function awayNotice({ actions, onError }) {
  const text = el('p', { class: 'away-text', id: 'away-text', role: 'status' });
  const claim = el('button', { type: 'button', class: 'primary', id: 'claim-win', text: t('away.claim') });
  const node = el('div', { class: 'away card-inset' }, text, claim);
  let ticker = null;
  let current = null;
  onPress(claim, onError, () => actions.claim(current.id));
  return {
    node,
    render(game, me) {
      current = game;
      clearInterval(ticker);
      ticker = null;
      const mine = marksOf(game, me);
      const gone = game.phase === 'live' ? (game.away ?? []).filter((absence) => !mine.includes(absence.mark)) : [];
      node.hidden = gone.length === 0;
      if (!gone.length) return;
      const absence = gone[0];
      const name = seatName(game, absence.mark);
      const player = mine.length > 0;
      const tick = () => {
        // The server's moment, so counted down from the server's now.
        const left = Math.ceil((Date.parse(absence.claimable_at) - serverNow()) / 1000);
        claim.hidden = !player || left > 0;
        node.dataset.claimable = String(left <= 0);
        setText(text, left > 0
          ? t('away.countdown', { name, time: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}` })
          : player ? t('away.claimable', { name }) : t('away.gone', { name }));
        if (left <= 0) clearInterval(ticker);
      };
      tick();
      ticker = setInterval(tick, 250);
    },
    destroy() { clearInterval(ticker); },
  };
}
