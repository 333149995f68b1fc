// The signed-in session, kept in localStorage so that it survives a reload.

const KEY = 'oxo.session';

/** Returns { token, user } or null. */
export function loadSession() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (saved && typeof saved.token === 'string' && saved.user && typeof saved.user.id === 'string') return saved;
  } catch {
    // A damaged entry is as good as none.
  }
  return null;
}

export function saveSession(session) {
  localStorage.setItem(KEY, JSON.stringify({ token: session.token, user: session.user }));
}

export function clearSession() {
  localStorage.removeItem(KEY);
}
