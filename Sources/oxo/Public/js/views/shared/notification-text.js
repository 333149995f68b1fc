// Every kind of notification the server sends (NotificationKind in OXOProtocol), in one
// table: what it says, where it leads, and the words of its switch in "Choose what to be
// told". The bell, the system notifications and the settings all read it, so a kind
// cannot have words without a switch or a switch without words.

import { conversationPath, gamePath, tournamentPath } from '../../router.js';
import { variantTag } from '../../variants.js';
import { t } from '../../i18n.js';

const toGame = (notification) => (notification.game ? gamePath(notification.game) : '/');
const toFriends = () => '/friends';

/** Each kind: what it says (`says(who, notification, challenge)`) and where it leads; its words are `notification.<kind>.*`. */
const KINDS = {
  your_turn: { says: (who) => t('notification.your_turn.says', { name: who }), leads: toGame },
  time_running_out: { says: (who) => t('notification.time_running_out.says', { name: who }), leads: toGame },
  challenge_received: {
    // The board is the challenge's, when the page holds it: "Sam challenges you to Gomoku".
    says: (who, notification, challenge) => {
      const board = challenge ? variantTag(challenge) : null;
      return board ? t('notification.challenge_received.saysBoard', { name: who, board })
        : t('notification.challenge_received.says', { name: who });
    },
    // The challenge's toast, with Accept and Decline, shows on every screen; the lobby is where it was sent from.
    leads: () => '/',
  },
  friend_request: { says: (who) => t('notification.friend_request.says', { name: who }), leads: toFriends },
  friend_accepted: { says: (who) => t('notification.friend_accepted.says', { name: who }), leads: toFriends },
  friend_renamed: {
    says: (who, notification) => t('notification.friend_renamed.says',
      { name: who, was: notification.previous_display_name ?? t('notification.aFriend') }),
    leads: toFriends,
  },
  new_follower: { says: (who) => t('notification.new_follower.says', { name: who }), leads: toFriends },
  rematch_offered: { says: (who) => t('notification.rematch_offered.says', { name: who }), leads: toGame },
  message: {
    says: (who) => t('notification.message.says', { name: who }),
    leads: (notification) => (notification.actor ? conversationPath(notification.actor.id) : '/messages'),
  },
  tournament_invitation: {
    says: (who) => t('notification.tournament_invitation.says', { name: who }),
    leads: (notification) => (notification.tournament ? tournamentPath(notification.tournament) : '/'),
  },
  // Only pushed to a closed app, never in the bell: here for its words and its switch.
  tournament_game: { says: (who) => t('notification.tournament_game.says', { name: who }), leads: toGame },
};

/** [kind, words of its switch], in the order the settings list them. */
export const NOTIFICATION_SETTINGS = Object.keys(KINDS).map((kind) => [kind, t(`notification.${kind}.setting`)]);

/** { text, path } for an inbox notification; `challenge`, the challenge it tells of when the page holds it. */
export function describeNotification(notification, challenge = null) {
  const who = notification.actor?.display_name ?? t('notification.someone');
  const kind = KINDS[notification.kind];
  // A kind newer than this page (a server upgraded first) still leads somewhere useful.
  if (!kind) return { text: notification.game ? t('notification.newsGame') : t('notification.news'), path: toGame(notification) };
  return { text: kind.says(who, notification, challenge), path: kind.leads(notification) };
}
