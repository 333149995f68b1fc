// Icons drawn as inline SVG in the text's colour. Symbols as characters need a font that
// has them: Debian's Chromium with its usual fonts draws the replay's "first" and "last"
// (U+23EE, U+23ED) as empty boxes, and the gear, sun and moon come from whichever symbol
// font a system happens to have.

const SVG = 'http://www.w3.org/2000/svg';

/** Each icon on a 24 × 24 grid: lines (stroked) and shapes (filled). */
const ICONS = {
  bell: { lines: ['M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9', 'M10.3 21a1.94 1.94 0 0 0 3.4 0'] },
  first: { lines: ['M6 5v14'], shapes: ['M18 5 9 12l9 7Z'] },
  previous: { shapes: ['M16 5 7 12l9 7Z'] },
  next: { shapes: ['M8 5l9 7-9 7Z'] },
  last: { lines: ['M18 5v14'], shapes: ['M6 5l9 7-9 7Z'] },
  settings: { lines: ['M12 2v3', 'M12 19v3', 'M2 12h3', 'M19 12h3', 'M4.9 4.9l2.1 2.1', 'M17 17l2.1 2.1', 'M4.9 19.1 7 17',
    'M17 7l2.1-2.1', 'M12 5a7 7 0 1 0 0 14 7 7 0 1 0 0-14Z', 'M12 9a3 3 0 1 0 0 6 3 3 0 1 0 0-6Z'] },
  sun: { lines: ['M12 8a4 4 0 1 0 0 8 4 4 0 1 0 0-8Z', 'M12 2v2', 'M12 20v2', 'M4.9 4.9l1.4 1.4', 'M17.7 17.7l1.4 1.4',
    'M2 12h2', 'M20 12h2', 'M6.3 17.7l-1.4 1.4', 'M19.1 4.9l-1.4 1.4'] },
  moon: { lines: ['M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9Z'] },
  // The phone's tab bar (tabbar.js) and the game's chat button.
  play: { lines: ['M9 3v18', 'M15 3v18', 'M3 9h18', 'M3 15h18'] },
  games: { lines: ['M7 7h10a5 5 0 0 1 0 10c-1.8 0-2.6-1-3.5-2h-3c-.9 1-1.7 2-3.5 2A5 5 0 0 1 7 7Z', 'M8 10v4', 'M6 12h4'],
    shapes: ['M15 11.2a1 1 0 1 0 2 0 1 1 0 1 0-2 0Z', 'M17 13.4a1 1 0 1 0 2 0 1 1 0 1 0-2 0Z'] },
  messages: { lines: ['M21 12a8.5 8.5 0 0 1-12.4 7.5L3 21l1.5-5.2A8.5 8.5 0 1 1 21 12Z'] },
  friends: { lines: ['M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z', 'M2 21a7 7 0 0 1 14 0', 'M16 3.2a4 4 0 0 1 0 7.6', 'M22 21a7 7 0 0 0-4-6.3'] },
  trophy: { lines: ['M8 4h8v6a4 4 0 0 1-8 0Z', 'M8 6H5a3 3 0 0 0 3 4', 'M16 6h3a3 3 0 0 1-3 4', 'M12 14v4', 'M8 21h8', 'M9 18h6'] },
  // A tournament's winning streak (tournament-standings.js).
  flame: { lines: ['M12 3c.8 3 5 5.5 5 10.5a5 5 0 0 1-10 0c0-2.2 1-3.8 2.2-5 .3 1.6 1 2.6 1.8 3.1C11 9 11 6 12 3Z'] },
  me: { lines: ['M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z', 'M4 21a8 8 0 0 1 16 0'] },
};

function path(d, filled) {
  const node = document.createElementNS(SVG, 'path');
  node.setAttribute('d', d);
  if (filled) node.setAttribute('fill', 'currentColor');
  return node;
}

/** The icon `name` (a key of ICONS), hidden from screen readers: its button carries the name. */
export function icon(name, size = 18) {
  const svg = document.createElementNS(SVG, 'svg');
  for (const [attribute, value] of Object.entries({ viewBox: '0 0 24 24', width: size, height: size, 'aria-hidden': 'true',
    class: `icon icon-${name}`, fill: 'none', stroke: 'currentColor', 'stroke-width': '2', 'stroke-linecap': 'round',
    'stroke-linejoin': 'round' })) {
    svg.setAttribute(attribute, String(value));
  }
  const { lines = [], shapes = [] } = ICONS[name];
  svg.append(...lines.map((d) => path(d, false)), ...shapes.map((d) => path(d, true)));
  return svg;
}
