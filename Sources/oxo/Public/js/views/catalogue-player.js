// One player in the catalogue's lists (who has a game, whom the user follows): picture,
// name, presence, and Follow, Message (the conversation with them) and Challenge.

import { el, setText } from '../dom.js';
import { conversationPath } from '../router.js';
import { avatarImage } from './shared/avatar.js';
import { playerLink } from './shared/player-link.js';
import { attempt } from './shared/attempt.js';
import { has, t } from '../i18n.js';

/** A player's status in words: in the lobby is simply "online" here. */
const statusText = (status) => {
  const key = status === 'lobby' ? 'presence.online' : `presence.${status}`;
  return has(key) ? t(key) : status;
};

/**
 * `entry`: { player, status, following }. `extra`: more nodes for the row (such as a
 * button that opens their games).
 */
export function cataloguePlayerRow(entry, { actions, me, extra = [] }) {
  const { player } = entry;
  let following = entry.following;
  const error = el('span', { class: 'refusal', role: 'alert' });
  const follow = el('button', { type: 'button', class: 'small follow-button' });
  const challenge = el('button', { type: 'button', class: 'small challenge-button', text: t('online.challenge'),
    'aria-label': t('catalogue.challengeLabel', { name: player.display_name }), disabled: entry.status === 'offline',
    title: entry.status === 'offline' ? t('catalogue.challengeOffline') : null });
  const message = el('a', { class: 'button small message-link', href: `#${conversationPath(player.id)}`, text: t('profile.message'),
    'aria-label': t('catalogue.messageLabel', { name: player.display_name }) });

  function showFollow() {
    setText(follow, following ? t('social.unfollow') : t('social.follow'));
    follow.setAttribute('aria-label', t(following ? 'social.unfollowLabel' : 'social.followLabel', { name: player.display_name }));
    row.dataset.following = String(following);
  }

  const run = (button, action) => attempt(action, { refusal: error, button });

  follow.addEventListener('click', () => run(follow, async () => {
    await (following ? actions.unfollow(player.id) : actions.follow(player.id));
    following = !following;
    showFollow();
  }));
  challenge.addEventListener('click', () => run(challenge, async () => {
    await actions.challenge(player.id, 'X');
    setText(error, t('catalogue.challengeSent'));
  }));

  const you = player.id === me;
  const row = el('li', { class: 'player-row catalogue-player', dataset: { user: player.id, username: player.username,
    status: entry.status } },
    avatarImage(player, { size: 32 }), playerLink(player),
    el('span', { class: 'pill', text: statusText(entry.status) }),
    you ? el('span', { class: 'tag', text: t('common.youTag') }) : el('span', { class: 'inline' }, follow, message, challenge),
    ...extra, error);
  if (!you) showFollow();
  return row;
}

