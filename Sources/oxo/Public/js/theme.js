// Light and dark: by default the page follows the system (prefers-color-scheme in the
// CSS); the toggle pins one and remembers it.

const KEY = 'oxo.theme';
const CHOICES = ['system', 'light', 'dark'];
const media = window.matchMedia('(prefers-color-scheme: dark)');

export function themeChoice() {
  const saved = localStorage.getItem(KEY);
  return CHOICES.includes(saved) ? saved : 'system';
}

/** The theme actually shown: "light" or "dark". */
export function shownTheme() {
  const choice = themeChoice();
  if (choice !== 'system') return choice;
  return media.matches ? 'dark' : 'light';
}

export function setTheme(choice) {
  if (choice === 'system') {
    localStorage.removeItem(KEY);
    delete document.documentElement.dataset.theme;
  } else {
    localStorage.setItem(KEY, choice);
    document.documentElement.dataset.theme = choice;
  }
}

/** The toggle: switches to the other theme from the one shown. */
export function toggleTheme() {
  const next = shownTheme() === 'dark' ? 'light' : 'dark';
  // Pinning the theme the system already shows would only make it stop following.
  setTheme(next === (media.matches ? 'dark' : 'light') ? 'system' : next);
  return shownTheme();
}

export function onSystemThemeChange(listener) {
  media.addEventListener('change', listener);
}
