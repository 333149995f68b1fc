// Hash routes, so the server only ever serves index.html:
//   #/signin  #/register  #/forgot  #/reset/<token>  #/verify/<token>  #/ (the lobby)  #/game/<id or share code>  #/settings  #/friends
//   #/replay/<game id>  #/history (the signed-in player's finished games)
//   #/players/<user id> (a profile)  #/leaderboard
//   #/catalogue (search the video games)  #/catalogue/<game id>  #/my-games  #/following
//   #/tournament/<id> (a tournament's page; ?code=… for a private one's link)
//   #/messages (my conversations)  #/messages/<user id> (the conversation with that player, opened if new)

export function currentRoute() {
  const path = decodeURIComponent(location.hash.replace(/^#/, '')) || '/';
  const parts = path.split('/').filter(Boolean);
  if (parts[0] === 'signin') return { name: 'signin' };
  if (parts[0] === 'register') return { name: 'register' };
  // Mailed links: #/forgot, #/reset/<token>, #/verify/<token>; open signed in or not.
  if (['forgot', 'reset', 'verify'].includes(parts[0])) return { name: parts[0], token: parts[1] ?? null };
  // "#/settings/photo-refused": a photo chosen at registration was refused after the account was made.
  if (parts[0] === 'settings') return { name: 'settings', notice: parts[1] ?? null };
  if (parts[0] === 'game' && parts[1]) return { name: 'game', id: parts[1] };
  if (parts[0] === 'replay' && parts[1]) return { name: 'replay', id: parts[1] };
  if (parts[0] === 'history') return { name: 'history' };
  if (parts[0] === 'players' && parts[1]) return { name: 'profile', id: parts[1] };
  if (parts[0] === 'leaderboard') return { name: 'leaderboard' };
  if (parts[0] === 'friends') return { name: 'friends' };
  if (parts[0] === 'catalogue' && parts[1]) return { name: 'catalogue-game', id: parts[1] };
  if (parts[0] === 'catalogue') return { name: 'catalogue' };
  if (parts[0] === 'my-games') return { name: 'my-games' };
  if (parts[0] === 'following') return { name: 'following' };
  if (parts[0] === 'tournament' && parts[1]) {
    const [id, query] = parts[1].split('?');
    return { name: 'tournament', id, code: new URLSearchParams(query ?? '').get('code') };
  }
  if (parts[0] === 'messages' && parts[1]) return { name: 'conversation', userId: parts[1] };
  if (parts[0] === 'messages') return { name: 'messages' };
  return { name: 'lobby' };
}

export function navigate(path, { replace = false } = {}) {
  const hash = `#${path}`;
  if (location.hash === hash) return;
  if (replace) {
    history.replaceState(null, '', hash);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  } else {
    location.hash = hash;
  }
}

export function gamePath(id) {
  return `/game/${encodeURIComponent(id)}`;
}

export function replayPath(id) {
  return `/replay/${encodeURIComponent(id)}`;
}

/** The link to share: with the game's six-character code, which opens it as its id does. */
export function gameLink(code) {
  return `${location.origin}${location.pathname}#${gamePath(code)}`;
}

export function profilePath(userId) {
  return `/players/${encodeURIComponent(userId)}`;
}

export function catalogueGamePath(id) {
  return `/catalogue/${encodeURIComponent(id)}`;
}

/** The conversation with a player: opened when there is none yet. Other pages link here. */
export function conversationPath(userId) {
  return `/messages/${encodeURIComponent(userId)}`;
}

export function tournamentPath(id) {
  return `/tournament/${encodeURIComponent(id)}`;
}
