// The "+" sheet: "Select your player". X always goes first, O always second; the board
// (classic, four in a row, Gomoku, Ultimate, with its rules), the opponent (someone
// online, the computer at a level that board offers, or pass and play) and, for online
// games, whether the game is listed in the lobby or private (found by its code), and its
// time control (casual, a clock, or days a move).

import { el, replaceChildren, setText } from '../dom.js';
import { gamePath, navigate } from '../router.js';
import { levelsOf } from '../variants.js';
import { attempt } from './shared/attempt.js';
import { paceField } from './shared/pace-field.js';
import { variantField } from './shared/variant-field.js';
import { t } from '../i18n.js';

function radio(name, value, label, checked) {
  const id = `${name}-${value}`;
  return el('label', { class: 'choice', for: id },
    el('input', { type: 'radio', name, value, id, checked }),
    el('span', { text: label }));
}

let sheet = null;

function build() {
  const dialog = el('dialog', { class: 'sheet', id: 'new-game-sheet', 'aria-labelledby': 'sheet-title' });
  const error = el('p', { class: 'form-error', role: 'alert' });
  const variant = variantField({ id: 'game-variant-choice' });
  const level = el('select', { id: 'computer-level', name: 'level' });
  /** The levels the computer plays the chosen board at, keeping the one chosen where that board has it. */
  function offerLevels() {
    const chosen = level.value || 'medium';
    const levels = levelsOf(variant.value());
    replaceChildren(level, levels.map(([value, label]) => el('option', { value, text: label })));
    level.value = levels.some(([value]) => value === chosen) ? chosen : 'medium';
  }
  offerLevels();
  variant.onChange(offerLevels);
  const opponent = el('fieldset', { class: 'choices' },
    el('legend', { text: t('newGame.opponent') }),
    radio('mode', 'online', t('newGame.online'), true),
    radio('mode', 'computer', t('newGame.computer'), false),
    radio('mode', 'pass_and_play', t('newGame.passAndPlay'), false));
  const levelField = el('div', { class: 'field level-field' }, el('label', { for: 'computer-level', text: t('newGame.level') }), level);
  const pace = paceField({ id: 'game-pace' });
  const visibility = el('fieldset', { class: 'choices visibility' },
    el('legend', { text: t('newGame.visibility') }),
    radio('listed', 'yes', t('newGame.listed'), true),
    radio('listed', 'no', t('newGame.private'), false));
  const playX = el('button', { type: 'button', class: 'side-button', id: 'choose-x', value: 'X' },
    el('span', { class: 'side-mark mark-X', 'aria-hidden': 'true', text: 'X' }),
    el('span', { class: 'side-text' }, el('strong', { text: t('newGame.playerX') }), ' ', el('span', { text: t('newGame.first') })));
  const playO = el('button', { type: 'button', class: 'side-button', id: 'choose-o', value: 'O' },
    el('span', { class: 'side-mark mark-O', 'aria-hidden': 'true', text: 'O' }),
    el('span', { class: 'side-text' }, el('strong', { text: t('newGame.playerO') }), ' ', el('span', { text: t('newGame.second') })));
  const cancel = el('button', { type: 'button', class: 'cancel wide', id: 'cancel-new-game', text: t('common.cancel') });
  const form = el('form', { method: 'dialog' },
    el('h2', { id: 'sheet-title', text: t('newGame.title') }),
    variant.node, variant.rules, opponent, levelField, pace.node, visibility,
    el('div', { class: 'sides' }, playX, playO),
    error, cancel);
  dialog.append(form);
  document.body.append(dialog);

  const mode = () => form.elements.mode.value;
  function sync() {
    levelField.hidden = mode() !== 'computer';
    visibility.hidden = mode() !== 'online';
    pace.node.hidden = mode() !== 'online';
  }
  opponent.addEventListener('change', sync);

  let busy = false;
  let actions = null;
  async function choose(side) {
    if (busy) return;
    busy = true;
    playX.disabled = playO.disabled = true;
    await attempt(async () => {
      const options = { side, mode: mode(), variant: variant.value() };
      if (options.mode === 'online') {
        options.listed = form.elements.listed.value === 'yes';
        options.timeControl = pace.control();
      }
      if (options.mode === 'computer') options.level = level.value;
      const game = await actions.createGame(options);
      dialog.close();
      navigate(gamePath(game.id));
    }, { refusal: error });
    busy = false;
    playX.disabled = playO.disabled = false;
  }
  playX.addEventListener('click', () => choose('X'));
  playO.addEventListener('click', () => choose('O'));
  cancel.addEventListener('click', () => dialog.close());
  // A click on the backdrop (outside the form) closes the sheet too.
  dialog.addEventListener('click', (event) => { if (event.target === dialog) dialog.close(); });

  return {
    dialog,
    open({ actions: given, mode: preset, opener }) {
      actions = given;
      form.elements.mode.value = preset;
      setText(error, '');
      // The board chosen last stays chosen: someone who plays Gomoku plays it again.
      actions.loadVariants().then(variant.refresh);
      sync();
      dialog.addEventListener('close', () => opener?.focus(), { once: true });
      dialog.showModal();
      playX.focus();
    },
  };
}

/** Opens the sheet with `mode` chosen; choosing a side creates the game and opens it. */
export function openNewGameSheet(options) {
  if (!sheet || !sheet.dialog.isConnected) sheet = build();
  sheet.open(options);
}

/** Closes the sheet if it is open (on sign out or when the screen changes). */
export function closeNewGameSheet() {
  if (sheet?.dialog.open) sheet.dialog.close();
}
