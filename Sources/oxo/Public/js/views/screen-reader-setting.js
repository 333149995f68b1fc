// Settings' switch for the screen-reader mode (screen-reader.js), kept on this device.

import { el } from '../dom.js';
import { screenReaderMode, setScreenReaderMode } from '../screen-reader.js';
import { SCREEN_READER_HELP, SCREEN_READER_SWITCH, SCREEN_READER_TITLE } from '../spoken.js';

export function screenReaderSetting() {
  const box = el('input', { type: 'checkbox', id: 'screen-reader-mode', checked: screenReaderMode(),
    'aria-describedby': 'screen-reader-mode-help' });
  box.addEventListener('change', () => setScreenReaderMode(box.checked));
  const node = el('section', { class: 'settings-section', id: 'screen-reader-setting', 'aria-labelledby': 'screen-reader-title' },
    el('h2', { id: 'screen-reader-title', text: SCREEN_READER_TITLE }),
    el('label', { class: 'setting', for: 'screen-reader-mode' }, box, ` ${SCREEN_READER_SWITCH}`),
    el('p', { class: 'field-help', id: 'screen-reader-mode-help', text: SCREEN_READER_HELP }));
  return { node };
}
