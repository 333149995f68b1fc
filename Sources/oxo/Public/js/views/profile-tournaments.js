// A profile's tournaments: the finished ones the player played, each with its place, its
// points and, for a win, the trophy; each a link to its page. Read once when the profile opens.

import { el, replaceChildren } from '../dom.js';
import { tournamentPath } from '../router.js';
import { emptyRow } from './shared/rows.js';
import { icon } from './shared/icons.js';
import { kindName, pointsText } from './shared/tournament-words.js';
import { t } from '../i18n.js';

export function profileTournaments({ actions, userId }) {
  const list = el('ul', { class: 'tournament-list', id: 'profile-tournaments', 'aria-labelledby': 'profile-tournaments-title' },
    emptyRow(t('common.loading')));
  const node = el('section', { class: 'card' }, el('h2', { id: 'profile-tournaments-title', text: t('tournament.played') }), list);

  const row = ({ tournament, place, points, trophy }) => el('li', { class: 'tournament-row', dataset: { tournament: tournament.id, place: String(place) } },
    trophy ? el('span', { class: 'trophy', role: 'img', 'aria-label': t('tournament.trophy'), title: t('tournament.trophy') }, icon('trophy')) : null,
    el('a', { class: 'tournament-link', href: `#${tournamentPath(tournament.id)}`, text: tournament.name }),
    el('span', { class: 'muted', text: kindName(tournament) }),
    el('span', { class: 'tournament-place', text: t('tournament.placePoints', { place, points: pointsText(points), count: points }) }));

  actions.playerTournaments(userId)
    .then((played) => replaceChildren(list, played.length ? played.map(row) : emptyRow(t('tournament.nonePlayed'))))
    .catch((failure) => replaceChildren(list, emptyRow(failure.message)));
  return { node };
}
