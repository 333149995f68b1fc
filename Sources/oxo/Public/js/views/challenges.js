// Challenges as toasts in a corner of every screen: one received waits for Accept or
// Decline (and the challenger is told it was seen as soon as it shows here); one made
// shows how it stands (sent, seen, accepted, declined, expired) with Cancel while it waits.
// Fed by the inbox topic `user:<id>` (`challenge_changed`).

import { el, replaceChildren } from '../dom.js';
import { attempt } from './shared/attempt.js';
import { botBadge } from './shared/player-link.js';
import { paceLabel } from '../pace.js';
import { variantTag } from '../variants.js';
import { t } from '../i18n.js';

/** What a challenge received says: "Ann challenges you to Gomoku (3+2): you would play O." (the name is its own element). */
function receivedWords(challenge, side) {
  const board = variantTag(challenge);
  const pace = paceLabel(challenge);
  const key = `challenge.received${board ? 'Board' : ''}${pace ? 'Pace' : ''}`;
  return t(key, { board, pace, side });
}

export function mountChallengeToasts(root, { store, actions }) {
  /** Ids the server was already told were seen, so it is told once. */
  const told = new Set();
  /** Closed challenges the user has dismissed. */
  const dismissed = new Set();
  let shown = null;

  /** A refusal is kept on the challenge, so that its toast says it. */
  function answer(challenge, reply) {
    attempt(() => actions.answerChallenge(challenge.id, reply),
      { refusal: (error) => store.putChallenge({ ...challenge, failure: error.message }) });
  }

  function received(challenge) {
    const side = challenge.side === 'X' ? 'O' : 'X';
    const name = challenge.challenger.display_name;
    const accept = el('button', { type: 'button', class: 'primary small', text: t('challenge.accept'),
      'aria-label': t('challenge.acceptLabel', { name }) });
    const decline = el('button', { type: 'button', class: 'small', text: t('challenge.decline'),
      'aria-label': t('challenge.declineLabel', { name }) });
    accept.addEventListener('click', () => answer(challenge, 'accept'));
    decline.addEventListener('click', () => answer(challenge, 'decline'));
    return el('div', { class: 'toast', role: 'alert', dataset: { challenge: challenge.id, direction: 'received' } },
      el('p', {}, el('strong', { text: name }), botBadge(challenge.challenger), ' ', receivedWords(challenge, side)),
      challenge.failure ? el('p', { class: 'refusal', text: challenge.failure }) : null,
      el('div', { class: 'toast-buttons' }, accept, decline));
  }

  function made(challenge) {
    const waiting = challenge.state === 'pending';
    const stateText = waiting ? (challenge.seen ? t('challenge.seen') : t('challenge.sent')) : t(`challenge.state.${challenge.state}`);
    const button = waiting
      ? el('button', { type: 'button', class: 'small', text: t('common.cancel'),
        'aria-label': t('challenge.cancelLabel', { name: challenge.opponent.display_name }) })
      : el('button', { type: 'button', class: 'small', text: t('challenge.ok') });
    button.addEventListener('click', () => {
      if (waiting) answer(challenge, 'cancel');
      else { dismissed.add(challenge.id); render(store.state); }
    });
    return el('div', { class: 'toast', role: 'status', dataset: { challenge: challenge.id, direction: 'made', state: challenge.state, seen: String(challenge.seen) } },
      el('p', {}, t('challenge.yours'), ' ', el('strong', { text: challenge.opponent.display_name }), botBadge(challenge.opponent),
        variantTag(challenge) ? ` (${variantTag(challenge)})` : '', ': ',
        el('span', { class: 'challenge-state', text: stateText }), '.'),
      challenge.failure ? el('p', { class: 'refusal', text: challenge.failure }) : null,
      el('div', { class: 'toast-buttons' }, button));
  }

  function render(state) {
    const me = state.session?.user.id;
    const all = me ? [...state.challenges.values()] : [];
    const incoming = all.filter((c) => c.opponent.id === me && c.state === 'pending');
    const outgoing = all.filter((c) => c.challenger.id === me && !dismissed.has(c.id) && c.state !== 'accepted');
    const key = JSON.stringify([incoming, outgoing]);
    if (key === shown) return;
    shown = key;
    replaceChildren(root, incoming.map(received), outgoing.map(made));
    for (const challenge of incoming) {
      if (challenge.seen || told.has(challenge.id)) continue;
      told.add(challenge.id);
      actions.answerChallenge(challenge.id, 'seen').catch(() => told.delete(challenge.id));
    }
  }

  render(store.state);
  store.subscribe(render);
}
