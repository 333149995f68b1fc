// What the user intends, sent to the server. Every answer the server gives replaces
// what the page shows; nothing is assumed before the server has said it. The views get
// one object of actions; each part is made in its own file.

import { createAccountActions } from './actions-account.js';
import { createGameActions } from './actions-games.js';
import { createSocialActions } from './actions-social.js';
import { createChatActions } from './actions-chat.js';
import { createTournamentActions } from './actions-tournaments.js';

export function createActions({ api, realtime, store }) {
  return {
    ...createAccountActions({ api, realtime, store }),
    ...createGameActions({ api, realtime, store }),
    ...createSocialActions({ api, store }),
    ...createChatActions({ api, store }),
    ...createTournamentActions({ api, store }),
  };
}
