// The viewer's part on a tournament's page: Join (a private one's code asked for when the
// viewer came without it), Leave (points kept), the game to open while one is being
// played, and, for its creator, the code to share and Cancel (asked twice).

import { el, setText } from '../dom.js';
import { gamePath } from '../router.js';
import { attempt } from './shared/attempt.js';
import { t } from '../i18n.js';

export function tournamentYou({ actions, id, code: codeGiven }) {
  const status = el('p', { id: 'tournament-you-status' });
  const refusal = el('p', { class: 'form-error', role: 'alert', id: 'tournament-you-error' });
  const codeInput = el('input', { id: 'tournament-code', name: 'code', autocomplete: 'off', spellcheck: 'false', value: codeGiven ?? '' });
  const codeField = el('div', { class: 'field' }, el('label', { for: 'tournament-code', text: t('tournament.code') }), codeInput);
  const join = el('button', { type: 'submit', id: 'tournament-join', text: t('tournament.join') });
  const joinForm = el('form', { class: 'tournament-join', 'aria-label': t('tournament.join') }, codeField, join);
  const leave = el('button', { type: 'button', class: 'secondary', id: 'tournament-leave', text: t('tournament.leave') });
  const openGame = el('a', { class: 'button', id: 'tournament-open-game', text: t('tournament.openYourGame') });
  const shareCode = el('p', { id: 'tournament-share-code' });
  const cancel = el('button', { type: 'button', class: 'danger secondary', id: 'tournament-cancel', text: t('tournament.cancel') });
  let cancelAsked = false;
  const buttons = el('div', { class: 'start-buttons' }, openGame, leave);
  const node = el('section', { class: 'card', 'aria-labelledby': 'tournament-you-title' },
    el('h2', { id: 'tournament-you-title', text: t('tournament.yourPart') }),
    status, joinForm, buttons, shareCode, cancel, refusal);

  joinForm.addEventListener('submit', (event) => {
    event.preventDefault();
    attempt(() => actions.joinTournament(id, codeInput.value.trim()), { refusal, button: join });
  });
  leave.addEventListener('click', () => attempt(() => actions.leaveTournament(id), { refusal, button: leave }));
  cancel.addEventListener('click', () => {
    if (!cancelAsked) {
      cancelAsked = true;
      setText(cancel, t('tournament.cancelSure'));
      return;
    }
    attempt(() => actions.cancelTournament(id), { refusal, button: cancel });
  });

  return {
    node,
    render(tournament, me) {
      const open = tournament.state === 'scheduled' || tournament.state === 'running';
      const you = tournament.you;
      const playing = Boolean(you?.joined && !you.withdrawn);
      const creator = tournament.creator.id === me;
      let words = t('tournament.notJoined');
      if (playing) words = t('tournament.joined');
      else if (you?.withdrawn) words = t('tournament.youWithdrew');
      if (!open) words = you?.joined ? t('tournament.youPlayed') : t('tournament.over');
      setText(status, words);
      joinForm.hidden = !open || playing;
      // The code is asked of a private tournament's visitor who is neither its creator nor already in it.
      codeField.hidden = !tournament.private || creator || Boolean(you?.joined);
      leave.hidden = !open || !playing;
      // The topic's copy has no `you`: the game being played is then found among the pairings.
      const nextGame = you?.next_game ?? (tournament.games ?? [])
        .find((pairing) => pairing.game && !pairing.result && (pairing.x.id === me || pairing.o.id === me))?.game;
      openGame.hidden = !nextGame || !open;
      if (nextGame) openGame.setAttribute('href', `#${gamePath(nextGame)}`);
      buttons.hidden = openGame.hidden && leave.hidden;
      shareCode.hidden = !(creator && tournament.code);
      setText(shareCode, tournament.code ? t('tournament.shareCode', { code: tournament.code }) : '');
      cancel.hidden = !creator || !open;
    },
  };
}
