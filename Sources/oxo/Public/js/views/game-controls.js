// The game screen's buttons: Join while a seat is free, Cancel while one's own game
// waits, Hint (against the computer, in pass-and-play and after the game), Resign (asked
// twice), Play again after a game against the computer or on one device, and Replay once
// it is finished. Each shows only when the server's game allows it.

import { el, setAttr, setText } from '../dom.js';
import { isMyTurn, marksOf } from '../store.js';
import { gamePath, navigate, replayPath } from '../router.js';
import { t } from '../i18n.js';

/** The server gives hints against the computer, in pass-and-play, and on a finished game that stopped with moves left. */
function hintsAllowed(game) {
  if (game.phase === 'finished') return game.board.includes('.') && !game.result?.line && game.result?.reason !== 'cancelled';
  return game.phase === 'live' && game.mode !== 'online';
}

/**
 * @param {() => object} current the game on screen
 * @param {(work: () => Promise) => void} run runs an action, its refusal shown on the game screen
 * @param {(cells: number[], atMoves: number, source: string) => void} onHint the best moves for the position,
 *        and whose they are: "solver" (exact) or "engine" (the search's estimate)
 */
export function gameControls({ actions, current, userId, run, onHint }) {
  let confirmingResign = false;
  const joinButton = el('button', { type: 'button', class: 'primary', id: 'join-game' });
  const cancelButton = el('button', { type: 'button', id: 'cancel-game', text: t('game.cancel') });
  const hintButton = el('button', { type: 'button', id: 'hint', text: t('game.hint') });
  const resignButton = el('button', { type: 'button', class: 'danger', id: 'resign', text: t('game.resign') });
  const confirmResign = el('button', { type: 'button', class: 'danger', id: 'confirm-resign', text: t('game.confirmResign') });
  const keepPlaying = el('button', { type: 'button', id: 'keep-playing', text: t('game.keepPlaying') });
  const againButton = el('button', { type: 'button', class: 'primary', id: 'play-again', text: t('game.playAgain') });
  const replayLink = el('a', { class: 'button', id: 'replay-game', text: t('game.replay'), title: t('game.replayTitle') });
  const node = el('div', { class: 'controls' },
    joinButton, cancelButton, hintButton, resignButton, confirmResign, keepPlaying, againButton, replayLink);

  function askResign(asking) {
    confirmingResign = asking;
    render(current(), userId());
    (asking ? confirmResign : resignButton).focus();
  }

  joinButton.addEventListener('click', () => run(() => actions.join(current().id)));
  cancelButton.addEventListener('click', () => run(async () => {
    await actions.cancel(current().id);
    navigate('/');
  }));
  hintButton.addEventListener('click', () => run(async () => {
    const game = current();
    const answer = await actions.hint(game.id);
    onHint(answer.best ?? [], game.moves.length, answer.source ?? 'solver');
  }));
  resignButton.addEventListener('click', () => askResign(true));
  keepPlaying.addEventListener('click', () => askResign(false));
  confirmResign.addEventListener('click', () => { confirmingResign = false; run(() => actions.resign(current().id)); });
  againButton.addEventListener('click', () => run(async () => {
    const game = current();
    const side = marksOf(game, userId())[0] ?? 'X';
    const options = { side, mode: game.mode, variant: game.variant };
    if (game.mode === 'computer') options.level = (side === 'X' ? game.o : game.x)?.computer ?? 'medium';
    const next = await actions.createGame(options);
    navigate(gamePath(next.id));
  }));

  function render(game, me) {
    const player = marksOf(game, me).length > 0;
    const free = !game.x ? 'X' : !game.o ? 'O' : null;
    joinButton.hidden = !(game.phase === 'open' && !player && game.mode === 'online' && free);
    setText(joinButton, free ? t('game.joinAs', { mark: free }) : t('game.join'));
    cancelButton.hidden = !(game.phase === 'open' && player);
    hintButton.hidden = !(player && hintsAllowed(game));
    hintButton.disabled = game.phase === 'live' && !isMyTurn(game, me);
    const canResign = player && game.phase === 'live';
    if (!canResign) confirmingResign = false;
    resignButton.hidden = !canResign || confirmingResign;
    confirmResign.hidden = keepPlaying.hidden = !confirmingResign;
    againButton.hidden = !(game.phase === 'finished' && player && game.mode !== 'online');
    replayLink.hidden = game.phase !== 'finished';
    setAttr(replayLink, 'href', `#${replayPath(game.id)}`);
  }

  return { node, render };
}
