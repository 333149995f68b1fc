// System notifications through the browser's Notification API, shown only while the tab
// is hidden (a visible page shows its own bell). Permission is asked only when the user
// presses the button that asks for it, never on load.

const supported = () => typeof window.Notification === 'function';

export function createSystemNotifications({ onOpen = () => {} } = {}) {
  return {
    /** "granted" | "denied" | "default" | "unsupported" */
    get permission() {
      return supported() ? window.Notification.permission : 'unsupported';
    },
    /** Asks the browser; call it from a click. */
    async ask() {
      if (supported() && window.Notification.permission === 'default') await window.Notification.requestPermission();
      return this.permission;
    },
    /** Shows `title` and `body` when allowed and the tab is hidden; `tag` replaces an older one alike. */
    show(title, body, { tag, target } = {}) {
      if (!supported() || window.Notification.permission !== 'granted' || document.visibilityState !== 'hidden') return false;
      const shown = new window.Notification(title, { body, tag });
      shown.onclick = () => {
        window.focus();
        onOpen(target);
        shown.close();
      };
      return true;
    },
  };
}
