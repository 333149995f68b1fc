// What the page checks of a photo before sending it (registration, Settings, chat). The
// server checks the bytes; these checks only spare the user a round trip.

import { t } from '../../i18n.js';

const TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const MAX_BYTES = 2 * 1024 * 1024;

/** What is wrong with `file` as a photo, in words; null when it may be sent. */
export function photoProblem(file) {
  if (!file) return null;
  if (!TYPES.includes(file.type)) return t('error.unsupported_image');
  if (file.size > MAX_BYTES) return t('error.image_too_large');
  return null;
}
