// A player's picture: their photo or the stock avatar the server draws from their name.
// A small round image of a fixed size, so that nothing moves while it loads. It is
// decoration beside the name, which is always written out too, so its alt text is empty.

import { el, setAttr } from '../../dom.js';

/** The address the server gave (`player.avatar`), usable as an <img src> without a token. */
export function avatarSource(player) {
  return player?.avatar ?? '';
}

/**
 * An <img> for `player` (a PlayerSummary or the signed-in UserView), `size` pixels square.
 * Without a player (an empty seat) it is a blank circle of the same size.
 */
export function avatarImage(player, { size = 28, id } = {}) {
  const image = el('img', { class: 'avatar', width: size, height: size, alt: '', decoding: 'async', id });
  showAvatar(image, player);
  return image;
}

/** Points an avatar image at another player's picture, only when it changed. */
export function showAvatar(image, player) {
  const source = avatarSource(player);
  if (image.getAttribute('src') === source) return;
  setAttr(image, 'src', source || null);
}

/** Whether the picture is a photo the user uploaded rather than the stock one. */
export function hasPhoto(user) {
  return avatarSource(user).startsWith('/v1/media/');
}
