// The game screen's keys: on every board the first arrow key takes the focus to the board,
// whose own keys move around it, and on classic's board 1–9 then play a cell (1 is the top
// left, row by row, as on a phone's keypad). A digit is a single-key shortcut, so it acts
// only while the board has the focus (WCAG 2.1.4): typed anywhere else, a 3 is just a 3, and
// a speech-input user saying a number moves nothing. Keys typed into a field or a dialog are
// left alone.

/**
 * @param {(cell: number) => void} play
 * @param {() => boolean} shown whether the board is on screen
 * @param {() => boolean} digits whether 1–9 name the board's cells (classic's nine)
 */
export function gameKeys({ board, play, shown, digits = () => true }) {
  function onKey(event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target instanceof HTMLElement && target.closest('input, select, textarea, dialog')) return;
    const onBoard = target instanceof Element && target.closest('#board') !== null;
    if (/^[1-9]$/.test(event.key) && digits() && onBoard) {
      event.preventDefault();
      play(Number(event.key) - 1);
    } else if (event.key.startsWith('Arrow') && shown() && !onBoard) {
      // The first arrow key brings the keyboard to the board (on the centre cell, or in
      // the small board to play in on Ultimate's).
      event.preventDefault();
      board.focus();
    }
  }
  document.addEventListener('keydown', onKey);
  return { destroy: () => document.removeEventListener('keydown', onKey) };
}
