// The Games tab (#/catalogue): search the catalogue of video games as you type; an empty
// search shows the most played. My games (#/my-games) is the user's own list.

import { el } from '../dom.js';
import { catalogueList } from './catalogue-list.js';
import { catalogueNav } from './catalogue-nav.js';
import { t } from '../i18n.js';

export function catalogueView({ actions }) {
  const input = el('input', { type: 'search', id: 'catalogue-search', name: 'q', autocomplete: 'off', spellcheck: 'false',
    placeholder: t('catalogue.searchPlaceholder'), maxlength: 200 });
  const results = catalogueList({ id: 'catalogue-results', label: t('catalogue.found'), empty: t('catalogue.noMatch'),
    load: (cursor) => actions.searchCatalogue(input.value, cursor) });
  const form = el('form', { class: 'catalogue-search', role: 'search', on: { submit: (event) => event.preventDefault() } },
    el('label', { for: 'catalogue-search', text: t('catalogue.search') }), input);
  const node = el('div', { class: 'catalogue-page' }, catalogueNav('catalogue'), el('h1', { text: t('topbar.games') }),
    el('section', { class: 'card' }, form, results.node));
  let timer = null;
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => results.reload(), 200);
  });
  results.reload();
  return { node, destroy() { clearTimeout(timer); results.destroy(); } };
}

export function myGamesView({ actions, store }) {
  const me = store.state.session.user.id;
  const list = catalogueList({ id: 'my-games-list', label: t('lobby.myGames'), empty: t('catalogue.noneMine'),
    load: (cursor) => actions.catalogueGames(me, cursor) });
  const node = el('div', { class: 'catalogue-page' }, catalogueNav('my-games'), el('h1', { text: t('lobby.myGames') }),
    el('section', { class: 'card' }, list.node));
  list.reload();
  return { node, destroy: () => list.destroy() };
}
