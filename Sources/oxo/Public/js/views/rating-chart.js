// The rating after each rated game, drawn as a small inline SVG: a line through the
// points, a dot for each, the highest and lowest ratings on the left axis and the first
// and last dates below. No library: the page draws it from the profile's history.

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 320;
const HEIGHT = 150;
const PAD = { left: 44, right: 10, top: 12, bottom: 26 };

function svg(tag, attributes = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

import { formatDate, t } from '../i18n.js';

const shortDate = (iso) => formatDate(iso, { day: 'numeric', month: 'short' });

/**
 * @param points the profile's `rating_history`, oldest first
 * @returns an <svg> element; with no points it says so instead of drawing a line
 */
export function ratingChart(points) {
  const chart = svg('svg', {
    class: 'rating-chart', viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img',
    'data-points': points.length,
  });
  const latest = points.at(-1);
  chart.append(svg('title', {}, latest
    ? t('chart.title', { count: points.length, rating: Math.round(latest.value) })
    : t('chart.empty')));
  const [x0, x1, y0, y1] = [PAD.left, WIDTH - PAD.right, PAD.top, HEIGHT - PAD.bottom];
  chart.append(svg('line', { class: 'axis', x1: x0, y1: y1, x2: x1, y2: y1 }),
    svg('line', { class: 'axis', x1: x0, y1: y0, x2: x0, y2: y1 }));
  if (!points.length) {
    chart.append(svg('text', { class: 'chart-empty', x: (x0 + x1) / 2, y: (y0 + y1) / 2, 'text-anchor': 'middle' },
      t('chart.empty')));
    return chart;
  }
  const values = points.map((p) => p.value);
  // A little room above and below, and some height even when every point is the same.
  let low = Math.min(...values);
  let high = Math.max(...values);
  const margin = Math.max(10, (high - low) * 0.1);
  low -= margin;
  high += margin;
  const x = (index) => (points.length === 1 ? (x0 + x1) / 2 : x0 + ((x1 - x0) * index) / (points.length - 1));
  const y = (value) => y1 - ((y1 - y0) * (value - low)) / (high - low);
  const coordinates = points.map((p, index) => [x(index), y(p.value)].map((n) => n.toFixed(1)));
  // One point still gets a line: level across the chart, at that rating.
  const line = points.length === 1
    ? `M${x0},${coordinates[0][1]} H${x1}`
    : `M${coordinates.map(([cx, cy]) => `${cx},${cy}`).join(' L')}`;
  chart.append(svg('path', { class: 'chart-line', d: line, fill: 'none' }));
  for (const [index, [cx, cy]] of coordinates.entries()) {
    const dot = svg('circle', { class: 'chart-point', cx, cy, r: 3 });
    dot.append(svg('title', {}, `${shortDate(points[index].at)}: ${Math.round(points[index].value)}`));
    chart.append(dot);
  }
  const top = Math.round(Math.max(...values));
  const bottom = Math.round(Math.min(...values));
  chart.append(svg('text', { class: 'axis-label', x: x0 - 4, y: y(top) + 4, 'text-anchor': 'end' }, String(top)));
  if (bottom !== top) {
    chart.append(svg('text', { class: 'axis-label', x: x0 - 4, y: y(bottom) + 4, 'text-anchor': 'end' }, String(bottom)));
  }
  chart.append(svg('text', { class: 'axis-label', x: x0, y: HEIGHT - 8, 'text-anchor': 'start' }, shortDate(points[0].at)));
  if (points.length > 1) {
    chart.append(svg('text', { class: 'axis-label', x: x1, y: HEIGHT - 8, 'text-anchor': 'end' }, shortDate(latest.at)));
  }
  return chart;
}
