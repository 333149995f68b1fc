// WCAG 2.4.11 (focus not obscured): the element with the keyboard's focus is never left
// under what stays fixed at the foot of a phone's screen, the tab bar, the game's open chat
// or the challenge toasts. The style sheet's scroll-padding keeps the browser's own
// scrolling clear of the tab bar; this scrolls further whenever one of them still covers
// part of a focused element (the open chat also closes then: game-chat.js).

const COVERS = '.tabbar, .game-chat.is-open, .toasts';
/** Room left between the focused element and what covers the foot, in CSS pixels. */
const MARGIN = 8;

/** The top of the highest cover that hides part of `target` (one it is not inside), or null when none does. */
function coveredFrom(target, box) {
  let top = null;
  for (const cover of document.querySelectorAll(COVERS)) {
    if (cover.contains(target) || getComputedStyle(cover).position !== 'fixed') continue;
    const area = cover.getBoundingClientRect();
    const overlaps = area.height > 0 && area.left < box.right && area.right > box.left
      && area.top < box.bottom && area.bottom > box.top;
    if (overlaps) top = top === null ? area.top : Math.min(top, area.top);
  }
  return top;
}

export function keepFocusInView() {
  document.addEventListener('focusin', (event) => {
    const target = event.target;
    if (!(target instanceof Element) || target === document.body) return;
    // After the browser's own scrolling to the focused element, which comes first.
    requestAnimationFrame(() => {
      const box = target.getBoundingClientRect();
      const top = coveredFrom(target, box);
      // An element taller than the room above the cover (a whole screen's <main>) cannot
      // clear it, and is left where it is.
      if (top === null || box.height > top - 2 * MARGIN) return;
      const by = box.bottom - top + MARGIN;
      if (by > 0) window.scrollBy(0, by);
    });
  });
}
