// The time control a player picks, wherever a game is made: the "+" sheet, a challenge,
// Play random. A preset (pace.js) or a custom clock, minutes and seconds a move, within the
// server's bounds (30 s to 60 minutes, 0 to 60 s a move); the server checks them again.
// `only` limits the choice to some presets (Play random pairs only casual or clocked
// games); `short` names them by their keys ("3+2"), for a field beside a button.

import { el } from '../../dom.js';
import { PACES, paceControl, paceName } from '../../pace.js';
import { t } from '../../i18n.js';

export function paceField({ id, label = t('pace.field'), only = null, custom = true, short = false }) {
  const presets = only ? PACES.filter(([value]) => only.includes(value)) : PACES;
  const select = el('select', { id, name: 'pace' },
    presets.map(([value]) => el('option', { value, text: short ? (value === 'casual' ? t('pace.casualShort') : value) : paceName(value),
      selected: value === 'casual' })),
    custom ? el('option', { value: 'custom', text: t('pace.custom') }) : null);
  const minutes = el('input', { type: 'number', id: `${id}-minutes`, min: 0.5, max: 60, step: 0.5, value: 10, inputmode: 'decimal' });
  const increment = el('input', { type: 'number', id: `${id}-increment`, min: 0, max: 60, step: 1, value: 5, inputmode: 'numeric' });
  const customFields = el('div', { class: 'pace-custom', hidden: true },
    el('label', { for: `${id}-minutes`, text: t('pace.minutesEach') }), minutes,
    el('label', { for: `${id}-increment`, text: t('pace.secondsAdded') }), increment);
  const node = el('div', { class: 'field pace-field' }, el('label', { for: id, text: label }), select, customFields);
  const sync = () => { customFields.hidden = select.value !== 'custom'; };
  select.addEventListener('change', sync);

  return {
    node,
    select,
    reset() {
      select.value = 'casual';
      sync();
    },
    /**
     * Offers clocks alone (a bot plays only games with a clock, so that no opponent holds
     * it for long) and picks the first; or every preset again.
     */
    clocksOnly(only) {
      for (const option of select.options) {
        const kind = option.value === 'custom' ? 'clock' : paceControl(option.value).kind;
        option.hidden = only && kind !== 'clock';
        option.disabled = option.hidden;
      }
      if (only) select.value = '3+2';
      sync();
    },
    /** The chosen control, as the API takes it. */
    control() {
      if (select.value !== 'custom') return paceControl(select.value);
      return { kind: 'clock', initial_seconds: Math.round(Number(minutes.value) * 60), increment_seconds: Math.round(Number(increment.value)) };
    },
  };
}
