// Web Push for this device: with it on, the server's notifications reach the phone or
// computer while no OXO page is open (the service worker, ../sw.js, shows them). The
// browser's push service holds a subscription made with the server's public key
// (GET /v1/push/key); the server is given it (POST /v1/push/subscriptions) and forgets it
// when told (DELETE) or when the session signs out. A server without Web Push answers 404
// for the key, and the page then offers nothing.

import { t } from './i18n.js';

const KEY = 'oxo.push';
const SUBSCRIBE_TIMEOUT_MS = 15_000;

/** The key's bytes from base64url (no padding), as pushManager.subscribe takes them. */
function keyBytes(text) {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** What this page last told the server: { id, endpoint, user }, or null. */
function saved() {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? 'null');
  } catch {
    return null;
  }
}

export function createPushDevice({ api, userId }) {
  let key = null;
  const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && typeof window.Notification === 'function';
  const registration = () => navigator.serviceWorker.ready;

  return {
    /** Whether this browser and this server can push: false when either cannot. */
    async available() {
      if (!supported()) return false;
      try {
        key = (await api.pushKey()).public_key;
        return typeof key === 'string' && key.length > 0;
      } catch (error) {
        if (error.status === 404) return false;
        throw error;
      }
    },

    /** Whether this device pushes to the signed-in user now. */
    async on() {
      const subscription = await (await registration()).pushManager.getSubscription();
      const told = saved();
      return Boolean(subscription && told && told.endpoint === subscription.endpoint && told.user === userId());
    },

    /** Asks the browser (from a click), subscribes, and tells the server. */
    async enable() {
      const permission = await window.Notification.requestPermission();
      if (permission !== 'granted') {
        throw new Error(t('push.blocked'));
      }
      let subscription;
      try {
        // A browser that cannot reach its push service may never answer: give up after a while.
        const given = (await registration()).pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
        subscription = await Promise.race([given, new Promise((resolve, reject) => {
          setTimeout(() => reject(new Error(t('push.noAnswer'))), SUBSCRIBE_TIMEOUT_MS);
        })]);
      } catch (failure) {
        throw new Error(t('push.unreachable', { reason: failure.message || failure.name }));
      }
      const stored = await api.addPushSubscription(subscription.toJSON());
      localStorage.setItem(KEY, JSON.stringify({ id: stored.id, endpoint: subscription.endpoint, user: userId() }));
    },

    /** Tells the server to stop, and ends the browser's subscription. */
    async disable() {
      const told = saved();
      if (told && told.user === userId()) {
        await api.removePushSubscription(told.id).catch((error) => { if (error.status !== 404) throw error; });
      }
      localStorage.removeItem(KEY);
      const subscription = await (await registration()).pushManager.getSubscription();
      await subscription?.unsubscribe();
    },
  };
}
