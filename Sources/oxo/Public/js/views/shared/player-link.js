// A player's name as a link to their profile: the one way every screen names a person.

import { el } from '../../dom.js';
import { profilePath } from '../../router.js';
import { t } from '../../i18n.js';

/** `player`: a PlayerSummary. `props` adds attributes (such as a class) to the link. */
export function playerLink(player, props = {}) {
  return el('a', { ...props, class: ['player-link', props.class].filter(Boolean).join(' '),
    href: `#${profilePath(player.id)}`, dataset: { user: player.id }, text: player.display_name,
    title: t('player.profileOf', { name: player.display_name }) }, botBadge(player));
}

/** The small "bot" mark beside a computer player's name (`bot: true`); null for a person. */
export function botBadge(player) {
  return player?.bot ? el('span', { class: 'bot-badge', text: t('player.bot'), title: t('player.botTitle') }) : null;
}
