// The screen-reader mode, a choice kept on this device: moves, clocks, offers and results
// said in a live region, a box that takes typed commands, the board's cells named by
// coordinates (views/game-speech.js and game-commands.js). No browser says whether a
// screen reader runs, so the mode is a setting, and is offered once when the browser hints
// at one (watchForScreenReaderHints).

const KEY = 'oxo.screenReader';
const listeners = new Set();

/** Whether the mode is on. */
export function screenReaderMode() {
  return localStorage.getItem(KEY) === 'on';
}

/** Whether the user ever chose, either way (then the mode is never offered again). */
export function screenReaderModeChosen() {
  return localStorage.getItem(KEY) !== null;
}

export function setScreenReaderMode(on) {
  localStorage.setItem(KEY, on ? 'on' : 'off');
  for (const listener of listeners) listener(on);
}

/** Calls `listener(on)` whenever the mode changes; returns what stops it. */
export function onScreenReaderModeChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How long after a key or a pointer a click counts as theirs. */
const INPUT_WINDOW_MS = 600;

/**
 * Calls `onHint()` once, the first time the browser hints that a screen reader may be in
 * use: a click that no pointer and no key made (a screen reader's own "activate", which
 * browsers report with `detail` 0 and no pointer before it), or the page's first input
 * being the Tab key rather than a pointer (someone moving by keyboard alone). Neither is
 * proof, which is why the hint only offers the mode.
 */
export function watchForScreenReaderHints(onHint) {
  let lastInput = -Infinity;
  let pointerSeen = false;
  let done = false;
  const hint = () => {
    if (done) return;
    done = true;
    stop();
    onHint();
  };
  const onPointer = () => { pointerSeen = true; lastInput = performance.now(); };
  const onKey = (event) => {
    lastInput = performance.now();
    if (event.key === 'Tab' && !pointerSeen) hint();
  };
  const onClick = (event) => {
    if (event.detail === 0 && performance.now() - lastInput > INPUT_WINDOW_MS) hint();
  };
  function stop() {
    document.removeEventListener('pointerdown', onPointer, true);
    document.removeEventListener('keydown', onKey, true);
    document.removeEventListener('click', onClick, true);
  }
  document.addEventListener('pointerdown', onPointer, true);
  document.addEventListener('keydown', onKey, true);
  document.addEventListener('click', onClick, true);
  return stop;
}
