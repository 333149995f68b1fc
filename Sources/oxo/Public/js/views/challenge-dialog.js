// The challenge dialog: the board (classic unless chosen, with its rules), the side the
// challenger plays and the game's pace (a clock, days a move for a correspondence game, or
// casual; a bot takes clocks only), then Send. Opened from Challenge in the
// list of who is online and on the friends page; the answer arrives as a toast
// (challenges.js).

import { el, setText } from '../dom.js';
import { attempt } from './shared/attempt.js';
import { paceField } from './shared/pace-field.js';
import { variantField } from './shared/variant-field.js';
import { t } from '../i18n.js';

let dialog = null;

function build() {
  const node = el('dialog', { class: 'sheet', id: 'challenge-dialog', 'aria-labelledby': 'challenge-title' });
  const title = el('h2', { id: 'challenge-title' });
  const side = el('select', { id: 'challenge-side', name: 'side' },
    el('option', { value: 'X', text: t('challengeDialog.x') }), el('option', { value: 'O', text: t('challengeDialog.o') }));
  const pace = paceField({ id: 'challenge-pace' });
  const variant = variantField({ id: 'challenge-variant' });
  const error = el('p', { class: 'form-error', role: 'alert', id: 'challenge-error' });
  const send = el('button', { type: 'submit', class: 'primary', id: 'send-challenge', text: t('challengeDialog.send') });
  const cancel = el('button', { type: 'button', class: 'cancel', id: 'cancel-challenge', text: t('common.cancel') });
  const form = el('form', { method: 'dialog' }, title, variant.node, variant.rules,
    el('div', { class: 'field' }, el('label', { for: 'challenge-side', text: t('challengeDialog.youPlay') }), side),
    pace.node, error, el('div', { class: 'inline' }, send, cancel));
  node.append(form);
  document.body.append(node);

  let opened = null;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const { actions, player } = opened;
    attempt(async () => {
      await actions.challenge(player.id, side.value, pace.control(), variant.value());
      node.close();
    }, { refusal: error, button: send });
  });
  cancel.addEventListener('click', () => node.close());
  node.addEventListener('click', (event) => { if (event.target === node) node.close(); });

  return {
    node,
    open(options) {
      opened = options;
      setText(title, t('challengeDialog.title', { name: options.player.display_name }));
      setText(error, '');
      side.value = 'X';
      variant.reset();
      options.actions.loadVariants().then(variant.refresh);
      pace.reset();
      pace.clocksOnly(Boolean(options.player.bot));
      node.addEventListener('close', () => options.opener?.focus(), { once: true });
      node.showModal();
      variant.select.focus();
    },
  };
}

/** Opens the dialog for challenging `player`; `opener` gets the focus back when it closes. */
export function openChallengeDialog({ actions, player, opener }) {
  if (!dialog || !dialog.node.isConnected) dialog = build();
  dialog.open({ actions, player, opener });
}

export function closeChallengeDialog() {
  if (dialog?.node.open) dialog.node.close();
}
