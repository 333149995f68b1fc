// Small pieces that every list of the page draws: the row that stands for an empty (or
// failed) list, the one for a list still to come, a game's board in miniature, and the
// name of its board where it is not classic.

import { el } from '../../dom.js';
import { variantOf, variantTag } from '../../variants.js';
import { t } from '../../i18n.js';

export function emptyRow(text) {
  return el('li', { class: 'empty muted', text });
}

/** The row of a list the server has not sent yet: on its way, or, with no network, not until it is back. */
export function pendingRow(connection) {
  return emptyRow(connection.state === 'no-network' ? t('common.notOffline') : t('common.loading'));
}

/**
 * A game's board in miniature: classic's nine with their letters; a bigger board as
 * coloured dots on its grid, which is all 42 pixels hold of 225 cells.
 */
export function miniBoard(board, gameOrVariant) {
  const variant = variantOf(gameOrVariant).key;
  const letters = variant === 'classic';
  return el('span', { class: 'mini-board', 'aria-hidden': 'true', dataset: { variant } },
    [...board].map((cell) => el('span', { class: `mini-cell mark-${cell === '.' ? 'none' : cell}`, text: letters && cell !== '.' ? cell : '' })));
}

/** "Ultimate" as a list row's word beside the mode and the code; nothing for classic. */
export function variantPill(gameOrVariant) {
  const name = variantTag(gameOrVariant);
  return name ? el('span', { class: 'pill variant-pill', dataset: { variant: variantOf(gameOrVariant).key }, text: name }) : null;
}
