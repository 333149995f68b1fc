// "Create a tournament", folded away under the lobby's list: an arena (a length in
// minutes, a clock) or a Swiss event (rounds, a clock or days a move), its name, board and
// pace, when it starts, whether it is private (joined with the code its page then shows)
// and whether bots may join. The server checks everything again; its refusal is shown.

import { el } from '../dom.js';
import { navigate, tournamentPath } from '../router.js';
import { serverNow } from '../server-clock.js';
import { attempt } from './shared/attempt.js';
import { paceField } from './shared/pace-field.js';
import { variantField } from './shared/variant-field.js';
import { t } from '../i18n.js';

const numberField = (id, label, { min, max, value }) => {
  const input = el('input', { type: 'number', id, name: id, min, max, step: 1, value, inputmode: 'numeric', required: true });
  return { input, node: el('div', { class: 'field' }, el('label', { for: id, text: label }), input) };
};

export function tournamentForm({ actions }) {
  const kind = el('select', { id: 'tournament-kind', name: 'kind' },
    el('option', { value: 'arena', text: t('tournament.kind.arena') }),
    el('option', { value: 'swiss', text: t('tournament.kind.swiss') }));
  const kindHelp = el('p', { class: 'field-help', id: 'tournament-kind-help' });
  kind.setAttribute('aria-describedby', 'tournament-kind-help');
  const name = el('input', { id: 'tournament-new-name', name: 'name', maxlength: 60, required: true, autocomplete: 'off' });
  const variant = variantField({ id: 'tournament-variant' });
  const pace = paceField({ id: 'tournament-pace', custom: true });
  const startsIn = numberField('tournament-starts-in', t('tournament.startsInMinutes'), { min: 1, max: 10080, value: 5 });
  const minutes = numberField('tournament-minutes', t('tournament.lengthMinutes'), { min: 20, max: 120, value: 30 });
  const rounds = numberField('tournament-rounds', t('tournament.roundsField'), { min: 3, max: 11, value: 5 });
  const isPrivate = el('input', { type: 'checkbox', id: 'tournament-private', name: 'private' });
  const bots = el('input', { type: 'checkbox', id: 'tournament-bots', name: 'bots' });
  const submit = el('button', { type: 'submit', id: 'tournament-create', text: t('tournament.create') });
  const refusal = el('p', { class: 'form-error', role: 'alert', id: 'tournament-create-error' });
  const form = el('form', { class: 'tournament-form', id: 'tournament-form' },
    el('div', { class: 'field' }, el('label', { for: 'tournament-kind', text: t('tournament.kindField') }), kind, kindHelp),
    el('div', { class: 'field' }, el('label', { for: 'tournament-new-name', text: t('tournament.nameField') }), name),
    variant.node, variant.rules, pace.node, startsIn.node, minutes.node, rounds.node,
    el('label', { class: 'setting' }, isPrivate, el('span', { text: t('tournament.privateField') })),
    el('label', { class: 'setting' }, bots, el('span', { text: t('tournament.botsField') })),
    submit, refusal);
  const node = el('details', { class: 'tournament-create', id: 'tournament-create-details' },
    el('summary', { text: t('tournament.createTitle') }), form);

  // An arena needs a clock: correspondence is offered to a Swiss event only.
  function sync() {
    const arena = kind.value === 'arena';
    kindHelp.textContent = t(`tournament.kindHelp.${kind.value}`);
    minutes.node.hidden = !arena;
    rounds.node.hidden = arena;
    minutes.input.required = arena;
    rounds.input.required = !arena;
    pace.clocksOnly(arena);
    // Nor is a casual game a tournament's: a Swiss event has a clock or days a move.
    const casual = pace.select.querySelector('option[value="casual"]');
    casual.hidden = true;
    casual.disabled = true;
    if (pace.select.value === 'casual') {
      pace.select.value = '3+2';
      pace.select.dispatchEvent(new Event('change'));
    }
  }
  kind.addEventListener('change', sync);
  sync();

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    attempt(async () => {
      const startsAt = new Date(serverNow() + Number(startsIn.input.value) * 60_000).toISOString();
      const made = await actions.createTournament({
        kind: kind.value, name: name.value.trim(), variant: variant.value(), timeControl: pace.control(), startsAt,
        minutes: Number(minutes.input.value), rounds: Number(rounds.input.value), isPrivate: isPrivate.checked, botsAllowed: bots.checked,
      });
      navigate(tournamentPath(made.id));
    }, { refusal, button: submit });
  });

  return { node };
}
