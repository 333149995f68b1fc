// The boards OXO plays on, and every word the page says about them: their names, their
// sizes, their rules, the computer's levels on each, and how a cell is named. The server
// decides everything about a game; this is only what the page needs to draw and describe
// one. `GET /v1/variants` (the server's catalogue) replaces the names and the rules texts
// once it answers; until then, and from a server without it, these are the words.

const VARIANTS = {
  classic: {
    name: 'Classic', size: '3×3', width: 3, height: 3, lineLength: 3, solved: true,
    rules: 'Players take turns marking an empty cell of a 3×3 board; X moves first. '
      + 'Three of your marks in a row, column or diagonal win. A full board without a line is a draw.',
  },
  four: {
    name: 'Four in a row', size: '4×4', width: 4, height: 4, lineLength: 4, solved: true,
    rules: 'Players take turns marking an empty cell of a 4×4 board; X moves first. '
      + 'Four of your marks in a row, column or diagonal win. A full board without a line is a draw.',
  },
  gomoku: {
    name: 'Gomoku', size: '15×15', width: 15, height: 15, lineLength: 5, solved: false,
    rules: 'Players take turns marking an empty cell of a 15×15 board; X moves first. '
      + 'Five or more of your marks in an unbroken row, column or diagonal win; a line longer than five counts too. '
      + 'A full board without a line is a draw.',
  },
  ultimate: {
    name: 'Ultimate', size: '9 boards of 3×3', width: 9, height: 9, lineLength: 3, solved: false,
    rules: 'Nine small 3×3 boards make one big board; X moves first and may play anywhere. '
      + 'The cell you mark sends your opponent to the small board in the same position; '
      + 'if that board is won or full, they may play in any open board. '
      + 'Three in a row wins a small board, three won small boards in a row win the game, '
      + 'and when no move is left the game is a draw.',
  },
};

/** The variants' wire names, in the order the page offers them. */
export const VARIANT_NAMES = Object.keys(VARIANTS);

/** A game's variant (or a variant's name) as its entry above; a game without one is classic. */
export function variantOf(gameOrName) {
  const name = typeof gameOrName === 'string' ? gameOrName : gameOrName?.variant;
  return { key: VARIANTS[name] ? name : 'classic', ...(VARIANTS[name] ?? VARIANTS.classic) };
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

/** The entries of `GET /v1/variants` ({ variant, name, width, height, line_length, rules }) replace the words here. */
export function learnVariants(list) {
  for (const entry of Array.isArray(list) ? list : []) {
    const known = VARIANTS[entry?.variant];
    if (!known) continue;
    if (typeof entry.name === 'string' && entry.name) known.name = entry.name;
    if (typeof entry.rules === 'string' && entry.rules) known.rules = entry.rules;
  }
}

// The computer's levels. Classic and four in a row are solved, so their strongest level
// never loses; Gomoku and Ultimate are searched, and their hard and perfect levels play
// one same strongest game: those boards offer three levels, the third called Strong.
const SOLVED_LEVELS = [['easy', 'Easy'], ['medium', 'Medium'], ['hard', 'Hard'], ['perfect', 'Perfect (never loses)']];
const SEARCHED_LEVELS = [['easy', 'Easy'], ['medium', 'Medium'], ['hard', 'Strong']];
const LEVEL_NAMES = { easy: 'Easy', medium: 'Medium', hard: 'Hard', perfect: 'Perfect' };

/** [value, label] of each level the computer plays `variant` at. */
export function levelsOf(gameOrName) {
  return variantOf(gameOrName).solved ? SOLVED_LEVELS : SEARCHED_LEVELS;
}

/** "Perfect", "Strong": a level as a seat's name says it. */
export function levelName(gameOrName, level) {
  if (!variantOf(gameOrName).solved && (level === 'hard' || level === 'perfect')) return 'Strong';
  return LEVEL_NAMES[level] ?? level;
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
