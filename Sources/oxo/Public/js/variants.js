// The boards OXO plays on, and every word the page says about them: their names, their
// sizes, their rules, the computer's levels on each, and how a cell is named. The server
// decides everything about a game; this is only what the page needs to draw and describe
// one. `GET /v1/variants` (the server's catalogue) replaces the names and the rules texts
// once it answers on an English page; until then, from a server without it, and in any
// other language, the catalogue's are the words.

import { language, t } from './i18n.js';

const VARIANTS = {
  classic: { width: 3, height: 3, lineLength: 3, solved: true },
  four: { width: 4, height: 4, lineLength: 4, solved: true },
  gomoku: { width: 15, height: 15, lineLength: 5, solved: false },
  ultimate: { width: 9, height: 9, lineLength: 3, solved: false },
};

/**
 * The server's words for its boards (`GET /v1/variants`): English, so they stand in for
 * the catalogue's English only; a page in another language keeps its catalogue's.
 */
const SERVER_WORDS = {};

/** The variants' wire names, in the order the page offers them. */
export const VARIANT_NAMES = Object.keys(VARIANTS);

/**
 * A game's variant (or a variant's name) as its entry above with its words: `name`
 * ("Four in a row"), `size` ("4×4") and `rules`; a game without one is classic.
 */
export function variantOf(gameOrName) {
  const name = typeof gameOrName === 'string' ? gameOrName : gameOrName?.variant;
  const key = VARIANTS[name] ? name : 'classic';
  const server = language() === 'en' ? SERVER_WORDS[key] ?? {} : {};
  return {
    key, ...VARIANTS[key],
    name: server.name ?? t(`variant.${key}.name`),
    size: t(`variant.${key}.size`),
    rules: server.rules ?? t(`variant.${key}.rules`),
  };
}

/** "Ultimate", "Four in a row". */
export function variantName(gameOrName) {
  return variantOf(gameOrName).name;
}

/** A variant's name where it is not classic, for lists that say only what differs; null for classic. */
export function variantTag(gameOrName) {
  const variant = variantOf(gameOrName);
  return variant.key === 'classic' ? null : variant.name;
}

/** The entries of `GET /v1/variants` ({ variant, name, width, height, line_length, rules }) replace the English words here. */
export function learnVariants(list) {
  for (const entry of Array.isArray(list) ? list : []) {
    if (!VARIANTS[entry?.variant]) continue;
    const words = (SERVER_WORDS[entry.variant] ??= {});
    if (typeof entry.name === 'string' && entry.name) words.name = entry.name;
    if (typeof entry.rules === 'string' && entry.rules) words.rules = entry.rules;
  }
}

// The computer's levels. Classic and four in a row are solved, so their strongest level
// never loses; Gomoku and Ultimate are searched, and their hard and perfect levels play
// one same strongest game: those boards offer three levels, the third called Strong.
const SOLVED_LEVELS = ['easy', 'medium', 'hard', 'perfect'];
const SEARCHED_LEVELS = ['easy', 'medium', 'hard'];

/** The level's word on `gameOrName`'s board: "perfect", or "strong" for the searched boards' hard and perfect. */
function levelWord(gameOrName, level) {
  if (!variantOf(gameOrName).solved && (level === 'hard' || level === 'perfect')) return 'strong';
  return ['easy', 'medium', 'hard', 'perfect'].includes(level) ? level : null;
}

/** [value, label] of each level the computer plays `variant` at: "Easy" … "Perfect (never loses)", or "Strong". */
export function levelsOf(gameOrName) {
  const solved = variantOf(gameOrName).solved;
  return (solved ? SOLVED_LEVELS : SEARCHED_LEVELS).map((level) => {
    const word = levelWord(gameOrName, level);
    return [level, word === 'perfect' ? t('level.perfectOption') : t(`level.${word}`)];
  });
}

/** "Perfect computer", "Strong computer": the computer's seat at `level` on that board. */
export function computerName(gameOrName, level) {
  const word = levelWord(gameOrName, level);
  return word ? t(`computer.${word}`) : t('computer.other', { level });
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** "h8" for cell 112 of Gomoku: a column letter from the left, a row number from the top (the notation's names). */
export function cellCoordinate(cell, gameOrName = 'classic') {
  const { width } = variantOf(gameOrName);
  return `${LETTERS[cell % width]}${Math.floor(cell / width) + 1}`;
}

/**
 * The cell a name stands for on `game`'s board ("h8" → 112 on Gomoku): a number, -1 for a
 * well-formed name past the board's edge, or null for what is not a cell's name.
 */
export function cellFromCoordinate(name, gameOrName = 'classic') {
  const { width, height } = variantOf(gameOrName);
  const match = /^([a-z])\s*([0-9]{1,2})$/.exec(name);
  if (!match) return null;
  const column = LETTERS.indexOf(match[1]);
  const row = Number(match[2]) - 1;
  return column < width && row >= 0 && row < height ? row * width + column : -1;
}
