// The page title, and a way to catch the eye of someone whose tab is in the background:
// the title alternates with a message until the tab is shown again.

const FLASH_EVERY_MS = 1000;

export function createTitle() {
  let base = document.title;
  let message = null;
  let showingMessage = false;
  let timer = null;

  function apply() {
    const title = message && showingMessage ? message : base;
    if (document.title !== title) document.title = title;
  }

  function stop() {
    clearInterval(timer);
    timer = null;
    message = null;
    apply();
  }

  document.addEventListener('visibilitychange', () => { if (!document.hidden) stop(); });

  return {
    /** The title the page shows when nothing calls for attention. */
    set(title) {
      base = title;
      apply();
    },
    /** Alternates the title with `text` while the tab is hidden; does nothing when it is seen. */
    flash(text) {
      if (!document.hidden) return;
      clearInterval(timer);
      message = text;
      showingMessage = true;
      apply();
      timer = setInterval(() => { showingMessage = !showingMessage; apply(); }, FLASH_EVERY_MS);
    },
  };
}
