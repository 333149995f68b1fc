// Building DOM without HTML strings. Every piece of text goes in as a text node, so
// whatever a user typed (a display name, later chat) is shown as text, never as markup.

/**
 * Creates an element. `props` sets attributes, except:
 *   text      -> textContent
 *   class     -> className
 *   dataset   -> data-* attributes
 *   on        -> { eventName: handler }
 *   boolean attributes (hidden, disabled, ...) are set when true and left out when false.
 * Children may be nodes, strings (become text nodes), or null/false (skipped).
 */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'text') node.textContent = String(value);
    else if (key === 'class') node.className = value;
    else if (key === 'dataset') Object.assign(node.dataset, value);
    else if (key === 'on') for (const [name, handler] of Object.entries(value)) node.addEventListener(name, handler);
    else if (value === true) node.setAttribute(key, '');
    else node.setAttribute(key, String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replaces all children of `node`. */
export function replaceChildren(node, ...children) {
  node.replaceChildren();
  append(node, children);
}

/** Sets text only when it changed, so screen readers are not told twice. */
export function setText(node, text) {
  const value = String(text ?? '');
  if (node.textContent !== value) node.textContent = value;
}

/** Sets or removes an attribute. */
export function setAttr(node, name, value) {
  if (value === null || value === undefined || value === false) node.removeAttribute(name);
  else node.setAttribute(name, value === true ? '' : String(value));
}
