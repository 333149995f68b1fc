// The page's words in the reader's language. Every word a screen shows is a key of the
// catalogues, one file a language (i18n/en.js, es.js, fr.js, each with the same keys), and
// t(key, params) finds it in the language shown, {placeholders} filled in from `params`,
// in the plural form Intl.PluralRules picks for `params.count` when the entry has forms
// ({ one, other }, and any other category the language has). Dates, times, numbers,
// lists, durations and relative times are written by Intl in the same language.
//
// Which language: a signed-in user's choice (the server keeps it, `language` of GET
// /v1/me), else the one chosen on this device (localStorage `oxo.language`, which Settings
// and the sign-in screen set), else the first of the browser's languages
// (navigator.languages) that a catalogue speaks, else English. A change reloads the page,
// so that every part of it (the bars, the dialogs, the screen) is drawn again in it.
// Tests/web/check_catalogue.py holds the catalogues to each other and to the code.

import en from './i18n/en.js';
import es from './i18n/es.js';
import fr from './i18n/fr.js';
import { loadSession } from './session.js';

/** The languages offered, in the order they are listed, each named in itself. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'fr', name: 'Français' },
];

const CATALOGUES = { en, es, fr };
const STORAGE = 'oxo.language';
const FOCUS = 'oxo.languageFocus';

/** Whether `code` is a language of ours ("en", "es", "fr"). */
export const isLanguage = (code) => typeof code === 'string' && Object.hasOwn(CATALOGUES, code);

/** The first of the browser's languages that a catalogue speaks ("fr-CA" is French), else English. */
export function browserLanguage(list = navigator.languages?.length ? navigator.languages : [navigator.language]) {
  for (const tag of list ?? []) {
    const base = String(tag ?? '').toLowerCase().split(/[-_]/)[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/** The language chosen on this device, or null. */
export function deviceLanguage() {
  try {
    const saved = localStorage.getItem(STORAGE);
    return isLanguage(saved) ? saved : null;
  } catch {
    return null;
  }
}

function resolve() {
  const account = loadSession()?.user?.language;
  if (isLanguage(account)) return account;
  return deviceLanguage() ?? browserLanguage();
}

const current = resolve();
const words = CATALOGUES[current];
document.documentElement.lang = current;

/** The language shown: "en", "es" or "fr". */
export const language = () => current;

const cache = new Map();
/** One Intl formatter per kind and options, in the language shown. */
function formatter(Kind, options = {}) {
  const key = `${Kind.name} ${JSON.stringify(options)}`;
  if (!cache.has(key)) cache.set(key, new Kind(current, options));
  return cache.get(key);
}

/** "1,234" (en), "1234" (es), "1 234" (fr). */
export const formatNumber = (value, options) => formatter(Intl.NumberFormat, options).format(value);

/** A date or time (a Date, a timestamp or an ISO string) as `options` ask. */
export const formatDate = (value, options) =>
  formatter(Intl.DateTimeFormat, options).format(value instanceof Date ? value : new Date(value));

/** "5 minutes ago", "yesterday", "now". */
export const formatRelative = (value, unit) => formatter(Intl.RelativeTimeFormat, { numeric: 'auto' }).format(value, unit);

/** "X and O", "X y O", "X et O" (`type` "disjunction" for "or"). */
export const formatList = (items, type = 'conjunction') => formatter(Intl.ListFormat, { type }).format(items);

/** An amount of a unit in words: "2 minutes", "1 minuto", "41 secondes". */
export const formatUnit = (value, unit) => formatter(Intl.NumberFormat, { style: 'unit', unit, unitDisplay: 'long' }).format(value);

/** The same words with their first letter a capital, as the language writes capitals. */
export const capitalised = (text) => (text ? text[0].toLocaleUpperCase(current) + text.slice(1) : text);

/** Whether the catalogues have `key`. */
export const has = (key) => Object.hasOwn(words, key) || Object.hasOwn(en, key);

function pick(entry, count) {
  if (typeof entry === 'string') return entry;
  const category = typeof count === 'number' ? formatter(Intl.PluralRules).select(count) : 'other';
  return entry[category] ?? entry.other;
}

/**
 * The words of `key` in the language shown (English's where a catalogue lacks it, the key
 * itself where none has it), with each {name} replaced by `params.name`; `params.count`
 * picks the plural form and is written as the language writes numbers.
 */
export function t(key, params = {}) {
  const entry = Object.hasOwn(words, key) ? words[key] : en[key];
  if (entry === undefined) {
    console.warn(`No words for ${key}`);
    return key;
  }
  const values = typeof params.count === 'number' ? { ...params, count: formatNumber(params.count) } : params;
  return pick(entry, params.count).replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

let switching = false;
/**
 * Shows the page in `code` from now on: kept on this device, and the page drawn again in it
 * (a reload, once) when it is not the one shown. Returns whether the page is reloading.
 */
export function switchLanguage(code) {
  if (!isLanguage(code)) return false;
  try {
    localStorage.setItem(STORAGE, code);
  } catch {
    // A browser that keeps nothing still shows the language for this page.
  }
  if (code === current) return false;
  if (!switching) {
    switching = true;
    // The control that asked (the language's list) has the keyboard again once the page is drawn anew.
    try {
      if (document.activeElement?.id) sessionStorage.setItem(FOCUS, document.activeElement.id);
    } catch {
      // Nothing kept: the focus starts at the top of the page.
    }
    // After what is running now (a navigation to the lobby after signing in, say).
    setTimeout(() => location.reload(), 0);
  }
  return true;
}

/** Gives the keyboard back to the control that changed the language, once the page shows again. */
export function refocusAfterSwitch() {
  let id = null;
  try {
    id = sessionStorage.getItem(FOCUS);
    sessionStorage.removeItem(FOCUS);
  } catch {
    return;
  }
  // After what the screen focuses by itself (the sign-in form its first field).
  if (id) setTimeout(() => document.getElementById(id)?.focus(), 0);
}

/** The words of the page's shell (index.html): each `data-i18n` names "attribute:key" pairs, or "text:key". */
export function translateShell(root = document) {
  for (const node of root.querySelectorAll('[data-i18n]')) {
    for (const pair of node.dataset.i18n.split(';')) {
      const [attribute, key] = pair.split(':').map((part) => part.trim());
      if (attribute === 'text') node.textContent = t(key);
      else node.setAttribute(attribute, t(key));
    }
  }
}
