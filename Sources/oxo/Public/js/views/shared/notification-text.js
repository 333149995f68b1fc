// Every kind of notification the server sends (NotificationKind in OXOProtocol), in one
// table: what it says, where it leads, and the words of its switch in "Choose what to be
// told". The bell, the system notifications and the settings all read it, so a kind
// cannot have words without a switch or a switch without words.

import { conversationPath, gamePath } from '../../router.js';
import { variantTag } from '../../variants.js';

const toGame = (notification) => (notification.game ? gamePath(notification.game) : '/');
const toFriends = () => '/friends';

const KINDS = {
  your_turn: {
    setting: 'Your turn in a game you are not looking at',
    says: (who) => `Your turn against ${who}`,
    leads: toGame,
  },
  time_running_out: {
    setting: 'Time running out in a correspondence game',
    says: (who) => `Time is running out against ${who}: a quarter of your time to move is left`,
    leads: toGame,
  },
  challenge_received: {
    setting: 'Challenges',
    // The board is the challenge's, when the page holds it: "Sam challenges you to Gomoku".
    says: (who, notification, challenge) => {
      const board = challenge ? variantTag(challenge) : null;
      return board ? `${who} challenges you to ${board}` : `${who} challenges you`;
    },
    // The challenge's toast, with Accept and Decline, shows on every screen; the lobby is where it was sent from.
    leads: () => '/',
  },
  friend_request: { setting: 'Friend requests', says: (who) => `${who} wants to be your friend`, leads: toFriends },
  friend_accepted: { setting: 'Friend requests accepted', says: (who) => `${who} accepted your friend request`, leads: toFriends },
  friend_renamed: {
    setting: 'Friends changing their name',
    says: (who, notification) => `${notification.previous_display_name ?? 'A friend'} is now called ${who}`,
    leads: toFriends,
  },
  new_follower: { setting: 'New followers', says: (who) => `${who} follows you`, leads: toFriends },
  rematch_offered: { setting: 'Rematch offers', says: (who) => `${who} offers a rematch`, leads: toGame },
  message: {
    setting: 'Direct messages',
    says: (who) => `${who} sent you a message`,
    leads: (notification) => (notification.actor ? conversationPath(notification.actor.id) : '/messages'),
  },
};

/** [kind, words of its switch], in the order the settings list them. */
export const NOTIFICATION_SETTINGS = Object.entries(KINDS).map(([kind, { setting }]) => [kind, setting]);

/** { text, path } for an inbox notification; `challenge`, the challenge it tells of when the page holds it. */
export function describeNotification(notification, challenge = null) {
  const who = notification.actor?.display_name ?? 'Someone';
  const kind = KINDS[notification.kind];
  // A kind newer than this page (a server upgraded first) still leads somewhere useful.
  if (!kind) return { text: notification.game ? 'News about one of your games' : 'News from OXO', path: toGame(notification) };
  return { text: kind.says(who, notification, challenge), path: kind.leads(notification) };
}
