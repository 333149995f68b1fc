// What a notification says, and where it leads: one place for the bell's panel and the
// system notifications.

import { conversationPath, gamePath } from '../../router.js';

/** { text, path } for an inbox notification. */
export function describeNotification(notification) {
  const who = notification.actor?.display_name ?? 'Someone';
  const game = notification.game ? gamePath(notification.game) : null;
  switch (notification.kind) {
    case 'your_turn': return { text: `Your turn against ${who}`, path: game };
    case 'challenge_received': return { text: `${who} challenges you`, path: '/' };
    case 'friend_request': return { text: `${who} wants to be your friend`, path: '/friends' };
    case 'friend_accepted': return { text: `${who} accepted your friend request`, path: '/friends' };
    case 'friend_renamed': return { text: `${notification.previous_display_name ?? 'A friend'} is now called ${who}`, path: '/friends' };
    case 'new_follower': return { text: `${who} follows you`, path: '/friends' };
    case 'rematch_offered': return { text: `${who} offers a rematch`, path: game };
    case 'message': return { text: `${who} sent you a message`, path: notification.actor ? conversationPath(notification.actor.id) : '/messages' };
    default: return { text: 'Something happened', path: null };
  }
}
