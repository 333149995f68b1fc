// Settings' personal access tokens: the keys the account gives its programs (a board, an
// app, a script), each with its name, what it may do, when it was made, when it ends and
// when it was last used; Revoke (asked twice) ends one at once. A new one is shown once,
// with a Copy button: the server keeps only its hash. A guest has none (it registers first).

import { el, replaceChildren, setText } from '../dom.js';
import { attempt } from './shared/attempt.js';
import { emptyRow } from './shared/rows.js';
import { formatDate, formatList, formatUnit, t } from '../i18n.js';

/** What a token may do, in the server's words (TokenScope). */
const SCOPES = ['read', 'play', 'challenge', 'bot'];
/** How long a new token works, in days; the second is offered first. */
const EXPIRIES = [7, 30, 90, 365];
const NAME_LENGTH = 60;

const day = (iso) => formatDate(iso, { dateStyle: 'medium' });
const when = (iso) => formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });

/** Why a name will not do, before asking the server: 1 to 60 characters on one line, not only spaces. */
function nameProblem(name) {
  if (!name.trim()) return t('tokens.nameNeeded');
  if (/[\n\r\v\f\u0085\u2028\u2029]/.test(name) || [...name].length > NAME_LENGTH) return t('tokens.nameRule');
  return null;
}

export function accessTokens({ store, actions }) {
  const list = el('ul', { class: 'session-list token-list', id: 'access-token-list', 'aria-labelledby': 'tokens-title' });
  const status = el('p', { class: 'muted', role: 'status', id: 'tokens-status' });
  const error = el('p', { class: 'form-error', role: 'alert', id: 'tokens-error' });
  const title = el('h2', { id: 'tokens-title', tabindex: '-1', text: t('tokens.title') });

  // The form that makes one.
  const name = el('input', { id: 'token-name', name: 'token_name', maxlength: NAME_LENGTH, required: true,
    autocomplete: 'off', 'aria-describedby': 'token-name-help' });
  const boxes = SCOPES.map((scope) => el('input', { type: 'checkbox', id: `token-scope-${scope}`, value: scope,
    'aria-describedby': `token-scope-${scope}-help` }));
  const expiry = el('select', { id: 'token-expiry' },
    EXPIRIES.map((days) => el('option', { value: days, selected: days === 90, text: formatUnit(days, 'day') })));
  const create = el('button', { type: 'submit', class: 'primary', id: 'create-token', text: t('tokens.create') });
  const formError = el('p', { class: 'form-error', role: 'alert', id: 'token-form-error' });
  const form = el('form', { id: 'access-token-form', novalidate: true, 'aria-labelledby': 'token-form-title' },
    el('h3', { id: 'token-form-title', text: t('tokens.new') }),
    el('div', { class: 'field' },
      el('label', { for: 'token-name', text: t('tokens.name') }), name,
      el('p', { class: 'field-help', id: 'token-name-help', text: t('tokens.nameHelp') })),
    el('fieldset', { class: 'choices token-scopes' },
      el('legend', { text: t('tokens.scopes') }),
      SCOPES.map((scope, index) => el('div', { class: 'token-scope' },
        el('label', { class: 'setting', for: `token-scope-${scope}` }, boxes[index], ' ', t(`tokens.scope.${scope}`)),
        el('p', { class: 'field-help', id: `token-scope-${scope}-help`, text: t(`tokens.scopeHelp.${scope}`) })))),
    el('div', { class: 'field' }, el('label', { for: 'token-expiry', text: t('tokens.expiry') }), expiry),
    create, formError);

  // The new token, this once.
  const made = el('input', { id: 'new-token', readonly: true, spellcheck: 'false', autocomplete: 'off',
    'aria-label': t('tokens.newTokenLabel'), 'aria-describedby': 'new-token-note' });
  const copy = el('button', { type: 'button', class: 'secondary', id: 'copy-token', text: t('tokens.copy') });
  const copied = el('p', { class: 'muted', 'aria-live': 'polite', id: 'token-copied' });
  const madeBox = el('div', { class: 'new-token', id: 'new-token-box', hidden: true },
    el('p', { id: 'new-token-note', text: t('tokens.shownOnce') }),
    el('div', { class: 'inline' }, made, copy), copied);
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(made.value);
      setText(copied, t('tokens.copied'));
    } catch {
      made.select();
      setText(copied, t('tokens.copyByHand'));
    }
  });

  let tokens = [];
  let loaded = false;
  /** The id of the token shown this once, if it is. */
  let shownId = null;

  function facts(token) {
    const scopes = formatList(token.scopes.map((scope) => t(`tokens.scope.${scope}`)));
    return [
      t('tokens.mayDo', { scopes }),
      t('tokens.created', { date: day(token.created_at) }),
      t('tokens.expires', { date: day(token.expires_at) }),
      token.last_used_at ? t('tokens.lastUsed', { date: when(token.last_used_at) }) : t('tokens.neverUsed'),
    ];
  }

  function row(token) {
    const revoke = el('button', { type: 'button', class: 'secondary small token-revoke', text: t('tokens.revoke'),
      'aria-label': t('tokens.revokeLabel', { name: token.name }) });
    const sure = el('button', { type: 'button', class: 'danger small token-revoke-confirm', text: t('tokens.revokeConfirm') });
    const keep = el('button', { type: 'button', class: 'secondary small token-revoke-keep', text: t('tokens.keep') });
    const asking = el('div', { class: 'token-asking', hidden: true },
      el('p', { text: t('tokens.revokeAsk', { name: token.name }) }), el('div', { class: 'inline' }, sure, keep));
    const item = el('li', { class: 'token', dataset: { token: token.id } },
      el('strong', { class: 'token-name', text: token.name }),
      el('ul', { class: 'token-facts muted' }, facts(token).map((text) => el('li', { text }))),
      revoke, asking);
    revoke.addEventListener('click', () => {
      revoke.hidden = true;
      asking.hidden = false;
      sure.focus();
    });
    keep.addEventListener('click', () => {
      asking.hidden = true;
      revoke.hidden = false;
      revoke.focus();
    });
    sure.addEventListener('click', () => attempt(async () => {
      await actions.revokeAccessToken(token.id);
      const index = tokens.findIndex((other) => other.id === token.id);
      tokens = tokens.filter((other) => other.id !== token.id);
      show();
      if (shownId === token.id) {
        madeBox.hidden = true;
        made.value = '';
        shownId = null;
      }
      setText(status, t('tokens.revoked', { name: token.name }));
      // The keyboard goes on to the next token's Revoke, or the one before, or the heading.
      const next = list.querySelectorAll('.token-revoke')[Math.min(index, tokens.length - 1)];
      (next ?? title).focus();
    }, { refusal: error, button: sure }));
    return item;
  }

  function show() {
    replaceChildren(list, tokens.length ? tokens.map(row) : emptyRow(t('tokens.none')));
  }

  async function load() {
    tokens = await actions.accessTokens();
    show();
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    setText(status, '');
    const scopes = boxes.filter((box) => box.checked).map((box) => box.value);
    const problem = nameProblem(name.value) ?? (scopes.length ? null : t('tokens.scopeNeeded'));
    if (problem) {
      setText(formError, problem);
      (nameProblem(name.value) ? name : boxes[0]).focus();
      return;
    }
    attempt(async () => {
      let answer;
      try {
        answer = await actions.createAccessToken(name.value.trim(), scopes, Number(expiry.value));
      } catch (failure) {
        // The server's limit, said of tokens rather than of attempts.
        if (failure?.code === 'rate_limited') throw new Error(t('tokens.tooMany'));
        throw failure;
      }
      tokens = [answer.access_token, ...tokens.filter((token) => token.id !== answer.access_token.id)];
      show();
      made.value = answer.token;
      shownId = answer.access_token.id;
      setText(copied, '');
      madeBox.hidden = false;
      name.value = '';
      for (const box of boxes) box.checked = false;
      setText(status, t('tokens.made', { name: answer.access_token.name }));
      made.focus();
      made.select();
    }, { refusal: formError, button: create });
  });

  const node = el('section', { class: 'settings-section', id: 'access-tokens', 'aria-labelledby': 'tokens-title' },
    title, el('p', { class: 'muted', text: t('tokens.intro') }),
    list, status, error, madeBox, form);

  function render(state) {
    const me = state.session?.user;
    if (!me) return;
    node.hidden = me.guest === true;
    if (!node.hidden && !loaded) {
      loaded = true;
      attempt(load, { refusal: error });
    }
  }
  render(store.state);
  return { node, destroy: store.subscribe(render) };
}
