// A player's profile (#/players/<id>): picture, name, joined, online or last seen, record,
// rating with its chart (classic's), the rating and record on each other board and pace
// they have played, the series with the viewer, follow / befriend / block, the games
// they play now, their finished games, the tournaments they played (profile-tournaments.js), who follows them and whom they follow, and the video
// games they play. Read once from `GET /v1/users/{id}/profile` when the page opens.

import { el, replaceChildren, setText } from '../dom.js';
import { conversationPath, gamePath, navigate } from '../router.js';
import { marksOf } from '../store.js';
import { gameRow } from './game-list.js';
import { emptyRow } from './shared/rows.js';
import { ratingText, recordText } from './shared/player-words.js';
import { ratingChart } from './rating-chart.js';
import { avatarImage, showAvatar } from './shared/avatar.js';
import { mountHistory } from './history.js';
import { socialActions } from './social-actions.js';
import { followList } from './follow-list.js';
import { botBadge } from './shared/player-link.js';
import { catalogueList } from './catalogue-list.js';
import { profileTournaments } from './profile-tournaments.js';
import { variantName } from '../variants.js';
import { formatDate, t } from '../i18n.js';

/** A rating, with its "provisional" tag while it is. */
const ratingWords = (rating) => [el('span', { class: 'rating-value', text: ratingText(rating) }),
  rating.provisional ? el('span', { class: 'tag', text: t('profile.provisional'), title: t('profile.provisionalTitle') }) : null];

/** The other boards' standings (`Profile.variants`): "Ultimate, real-time" and its record and rating. */
function variantStandings(standings) {
  return standings.flatMap((standing) => [
    el('dt', { text: t(standing.pace === 'correspondence' ? 'profile.boardCorrespondence' : 'profile.boardRealTime',
      { board: variantName(standing.variant) }) }),
    el('dd', { class: 'variant-standing', dataset: { variant: standing.variant, pace: standing.pace } },
      el('span', { text: `${recordText(standing.record)} · ` }), ...ratingWords(standing.rating)),
  ]);
}

const longDate = (iso) => formatDate(iso, { day: 'numeric', month: 'long', year: 'numeric' });

function lastSeen(profile) {
  if (profile.online) return t('profile.online');
  if (!profile.last_seen_at) return t('profile.notSeen');
  return t('profile.lastSeen', { date: formatDate(profile.last_seen_at, { day: 'numeric', month: 'short' }),
    time: formatDate(profile.last_seen_at, { hour: '2-digit', minute: '2-digit' }) });
}

export function profileView({ store, actions, userId }) {
  const me = () => store.state.session?.user.id;
  const picture = avatarImage(null, { size: 96, id: 'profile-avatar' });
  const title = el('h1', { id: 'profile-name', text: t('profile.player') });
  const edit = el('a', { class: 'button small', id: 'profile-edit', href: '#/settings', text: t('profile.edit'), hidden: true });
  const username = el('p', { class: 'muted', id: 'profile-username' });
  const presence = el('p', { class: 'profile-presence', id: 'profile-presence' });
  const joined = el('p', { class: 'muted', id: 'profile-joined' });
  // Only the owner is told whether their address is confirmed (views/password.js).
  const emailState = el('p', { class: 'muted', id: 'profile-email', hidden: true });
  const record = el('dd', { id: 'profile-record' });
  const rating = el('dd', { id: 'profile-rating' });
  const postRecord = el('dd', { id: 'profile-correspondence-record' });
  const postRating = el('dd', { id: 'profile-correspondence-rating' });
  const series = el('p', { id: 'profile-series', hidden: true });
  const chart = el('div', { class: 'rating-chart-box', id: 'profile-chart' });
  const otherBoards = el('dl', { class: 'profile-facts', id: 'profile-variants', 'aria-labelledby': 'profile-variants-title' });
  const otherBoardsTitle = el('h3', { id: 'profile-variants-title', text: t('profile.otherBoards'), hidden: true });
  const games = el('ul', { class: 'game-list', id: 'profile-games', 'aria-labelledby': 'profile-games-title' });
  const error = el('p', { class: 'form-error', role: 'alert', id: 'profile-error' });
  const node = el('div', { class: 'profile', id: 'profile' },
    el('section', { class: 'card profile-head' },
      el('div', { class: 'profile-identity' }, picture, el('div', {}, title, username)),
      presence, joined, emailState, series, edit, error),
    el('section', { class: 'card', 'aria-labelledby': 'profile-standing-title' },
      el('h2', { id: 'profile-standing-title', text: t('profile.standing') }),
      el('dl', { class: 'profile-facts' }, el('dt', { text: t('profile.againstPeople') }), record, el('dt', { text: t('profile.rating') }), rating,
        // Correspondence games are rated apart from real-time ones (casual and clocked).
        el('dt', { text: t('profile.correspondence') }), postRecord, el('dt', { text: t('profile.itsRating') }), postRating),
      chart, otherBoardsTitle, otherBoards),
    el('section', { class: 'card' }, el('h2', { id: 'profile-games-title', text: t('profile.playingNow') }), games),
    el('section', { class: 'card', 'aria-labelledby': 'profile-history-title' },
      el('h2', { id: 'profile-history-title', text: t('history.finished') }),
      el('div', { class: 'profile-history', dataset: { slot: 'history', user: userId } })));
  const history = mountHistory(node.querySelector('[data-slot="history"]'), { actions, playerId: userId, viewerId: me() });
  // Toward someone else: follow, befriend, block. Anyone's followers and following.
  const relation = userId === me() ? null : socialActions({ store, actions, userId });
  if (relation) node.querySelector('.profile-head').insertBefore(relation.node, error);
  // Anyone not blocked may be written to; a block is refused by the conversation screen in words.
  if (relation) node.querySelector('.profile-head').insertBefore(
    el('a', { class: 'button', id: 'message-player', href: `#${conversationPath(userId)}`, text: t('profile.message') }), error);
  node.append(profileTournaments({ actions, userId }).node);
  const follows = ['followers', 'following'].map((which) => followList({ store, actions, userId, which }));
  node.append(el('section', { class: 'card profile-follows' }, ...follows.map((list) => list.node)));
  // The video games they play, from the catalogue.
  const videoGames = catalogueList({ id: 'profile-catalogue', label: t('profile.videoGames'), empty: t('profile.noVideoGames'),
    load: (cursor) => actions.catalogueGames(userId, cursor) });
  node.append(el('section', { class: 'card' }, el('h2', { text: t('profile.videoGames') }), videoGames.node));
  videoGames.reload();

  function openGame(game) {
    navigate(gamePath(game.id));
  }

  function render(profile) {
    const viewer = me();
    const own = profile.player.id === viewer;
    showAvatar(picture, profile.player);
    edit.hidden = !own;
    replaceChildren(title, profile.player.display_name, botBadge(profile.player));
    setText(username, [`@${profile.player.username}`, profile.guest ? t('profile.guest') : null, own ? t('common.youTag') : null]
      .filter(Boolean).join(' · '));
    setText(presence, lastSeen(profile));
    presence.dataset.online = String(profile.online);
    setText(joined, t('profile.joined', { date: longDate(profile.joined_at) }));
    const account = own && !profile.guest ? store.state.session?.user : null;
    emailState.hidden = !account;
    if (account) setText(emailState, account.email_verified ? t('profile.emailConfirmed') : t('profile.emailNotConfirmed'));
    setText(record, recordText(profile.record));
    replaceChildren(rating, ...ratingWords(profile.rating),
      profile.guest ? el('span', { class: 'muted', text: ` · ${t('profile.guestsNotRated')}` }) : null);
    const post = profile.correspondence;
    setText(postRecord, post ? recordText(post.record) : '');
    replaceChildren(postRating, post ? ratingWords(post.rating) : null);
    const standings = profile.variants ?? [];
    otherBoardsTitle.hidden = !standings.length;
    replaceChildren(otherBoards, variantStandings(standings));
    replaceChildren(chart, ratingChart(profile.rating_history));
    series.hidden = !profile.series;
    if (profile.series) {
      const s = profile.series;
      setText(series, t('profile.series', { wins: s.wins, losses: s.losses, name: profile.player.display_name,
        draws: t('profile.drawn', { count: s.draws }) }));
    }
    replaceChildren(games, profile.current_games.length
      ? profile.current_games.map((game) => {
        const mine = marksOf(game, viewer).length > 0;
        const action = mine ? 'open' : game.phase === 'live' ? 'watch' : 'view';
        return gameRow(game, viewer, { label: t(`profile.${action}`), accessibleLabel: t(`profile.${action}Label`, { code: game.code }),
          onClick: () => openGame(game) });
      })
      : emptyRow(t('lobby.noLiveGames')));
  }

  let alive = true;
  actions.profile(userId).then((profile) => { if (alive) render(profile); })
    .catch((failure) => { if (alive) setText(error, failure.message); });

  return {
    node,
    destroy: () => {
      alive = false;
      history.destroy();
      relation?.destroy();
      follows.forEach((list) => list.destroy());
      videoGames.destroy();
    },
    shows: (route) => route.name === 'profile' && route.id === userId,
  };
}
