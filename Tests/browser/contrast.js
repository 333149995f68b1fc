// Run in the page by test_contrast.py: every visible piece of text with its colour, the
// colour behind it (the backgrounds of its ancestors laid over each other, as drawn), and
// the contrast between them by WCAG 2's formula. Returns the pieces below AA: 4.5:1, or
// 3:1 for large text (24 px, or 18.66 px bold). Disabled controls are exempt, as WCAG
// exempts inactive ones; text over a picture or a gradient is reported as unmeasured.
return (() => {
  function parse(value) {
    let m = value.match(/^rgba?\(([^)]+)\)$/);
    if (m) {
      const [r, g, b, a = 1] = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
      return { r, g, b, a };
    }
    m = value.match(/^color\(srgb ([^)]+)\)$/);
    if (m) {
      const [r, g, b, a = 1] = m[1].split(/[\s/]+/).filter(Boolean).map(Number);
      return { r: r * 255, g: g * 255, b: b * 255, a };
    }
    return null;
  }
  const over = (top, bottom) => ({
    r: top.r * top.a + bottom.r * (1 - top.a),
    g: top.g * top.a + bottom.g * (1 - top.a),
    b: top.b * top.a + bottom.b * (1 - top.a),
    a: 1,
  });
  const channel = (c) => { const s = c / 255; return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
  const luminance = ({ r, g, b }) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  const ratio = (x, y) => { const [a, b] = [luminance(x), luminance(y)].sort((p, q) => q - p); return (a + 0.05) / (b + 0.05); };
  const hex = ({ r, g, b }) => '#' + [r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('');

  /** The colour drawn behind `element`, or null where a picture or a gradient is. */
  function background(element) {
    const layers = [];
    for (let node = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.backgroundImage !== 'none') return null;
      const colour = parse(style.backgroundColor);
      if (colour && colour.a > 0) layers.push(colour);
      if (colour && colour.a >= 1) break;
    }
    const canvas = parse(getComputedStyle(document.documentElement).backgroundColor);
    let drawn = canvas && canvas.a >= 1 ? canvas : { r: 255, g: 255, b: 255, a: 1 };
    for (const layer of layers.reverse()) drawn = over(layer, drawn);
    return drawn;
  }

  function opacity(element) {
    let value = 1;
    for (let node = element; node; node = node.parentElement) value *= Number(getComputedStyle(node).opacity);
    return value;
  }

  const offenders = [];
  const seen = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const element = text.parentElement;
    if (!text.textContent.trim() || !element || seen.has(element)) continue;
    seen.add(element);
    if (element.closest('script, style, noscript, option')) continue;
    if (element.closest('button:disabled, input:disabled, select:disabled, fieldset:disabled')) continue;
    const box = element.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;
    const style = getComputedStyle(element);
    if (style.visibility !== 'visible' || element.checkVisibility?.() === false) continue;
    const alpha = opacity(element);
    if (alpha === 0) continue;
    const behind = background(element);
    const words = text.textContent.trim().replace(/\s+/g, ' ').slice(0, 40);
    if (!behind) {
      offenders.push({ text: words, note: 'over a picture or gradient: not measured' });
      continue;
    }
    const ink = parse(style.color);
    const shown = over({ ...ink, a: ink.a * alpha }, behind);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const needed = large ? 3 : 4.5;
    const measured = ratio(shown, behind);
    if (measured < needed) {
      offenders.push({ text: words, colour: hex(shown), behind: hex(behind), ratio: Math.round(measured * 100) / 100, needed,
        where: element.id ? `#${element.id}` : `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}` });
    }
  }
  return offenders;
})();
