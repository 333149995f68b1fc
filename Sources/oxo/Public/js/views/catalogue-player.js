// One player in the catalogue's lists (who has a game, whom the user follows): picture,
// name, presence, and Follow, Message (the conversation with them) and Challenge.

import { el, setText } from '../dom.js';
import { conversationPath } from '../router.js';
import { avatarImage } from './shared/avatar.js';
import { playerLink } from './shared/player-link.js';
import { attempt } from './shared/attempt.js';

const STATUS = { lobby: 'online', playing: 'playing', watching: 'watching', waiting: 'looking for a game', offline: 'offline' };

/**
 * `entry`: { player, status, following }. `extra`: more nodes for the row (such as a
 * button that opens their games).
 */
export function cataloguePlayerRow(entry, { actions, me, extra = [] }) {
  const { player } = entry;
  let following = entry.following;
  const error = el('span', { class: 'refusal', role: 'alert' });
  const follow = el('button', { type: 'button', class: 'small follow-button' });
  const challenge = el('button', { type: 'button', class: 'small challenge-button', text: 'Challenge',
    'aria-label': `Challenge ${player.display_name} to Tic-Tac-Toe`, disabled: entry.status === 'offline',
    title: entry.status === 'offline' ? 'Offline: a challenge needs them online' : null });
  const message = el('a', { class: 'button small message-link', href: `#${conversationPath(player.id)}`, text: 'Message',
    'aria-label': `Message ${player.display_name}` });

  function showFollow() {
    setText(follow, following ? 'Unfollow' : 'Follow');
    follow.setAttribute('aria-label', `${following ? 'Unfollow' : 'Follow'} ${player.display_name}`);
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
    setText(error, 'Challenge sent.');
  }));

  const you = player.id === me;
  const row = el('li', { class: 'player-row catalogue-player', dataset: { user: player.id, username: player.username,
    status: entry.status } },
    avatarImage(player, { size: 32 }), playerLink(player),
    el('span', { class: 'pill', text: STATUS[entry.status] ?? entry.status }),
    you ? el('span', { class: 'tag', text: 'you' }) : el('span', { class: 'inline' }, follow, message, challenge),
    ...extra, error);
  if (!you) showFollow();
  return row;
}

