// Settings' switch for the screen-reader mode (screen-reader.js), kept on this device.

import { el } from '../dom.js';
import { screenReaderMode, setScreenReaderMode } from '../screen-reader.js';
import { t } from '../i18n.js';

export function screenReaderSetting() {
  const box = el('input', { type: 'checkbox', id: 'screen-reader-mode', checked: screenReaderMode(),
    'aria-describedby': 'screen-reader-mode-help' });
  box.addEventListener('change', () => setScreenReaderMode(box.checked));
  const node = el('section', { class: 'settings-section', id: 'screen-reader-setting', 'aria-labelledby': 'screen-reader-title' },
    el('h2', { id: 'screen-reader-title', text: t('screenReader.title') }),
    el('label', { class: 'setting', for: 'screen-reader-mode' }, box, ' ', t('screenReader.switch')),
    el('p', { class: 'field-help', id: 'screen-reader-mode-help', text: t('screenReader.help') }));
  return { node };
}
