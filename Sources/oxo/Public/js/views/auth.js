// The sign-in and register screens.

import { el } from '../dom.js';
import { navigate } from '../router.js';
import { photoInput } from './photo-input.js';
import { attempt } from './shared/attempt.js';
import { secondFactorField, asksForSecondFactor } from './shared/second-factor.js';
import { languagePicker } from './shared/language-picker.js';
import { t } from '../i18n.js';

function field(label, input, help) {
  const id = input.id;
  return el('div', { class: 'field' },
    el('label', { for: id, text: label }),
    input,
    help ? el('p', { class: 'field-help', id: `${id}-help`, text: help }) : null);
}

function form({ title, intro, fields, submitLabel, footer, onSubmit, extra = null, actions }) {
  const error = el('p', { class: 'form-error', role: 'alert', id: 'auth-error' });
  const submit = el('button', { type: 'submit', class: 'primary wide', text: submitLabel });
  const node = el('form', { class: 'card auth', novalidate: true, 'aria-labelledby': 'auth-title' },
    el('h1', { id: 'auth-title', text: title }),
    el('p', { class: 'muted', text: intro }),
    fields, error, submit, extra, footer, languagePicker({ id: 'auth-language', actions }).node);
  node.addEventListener('submit', async (event) => {
    event.preventDefault();
    node.setAttribute('aria-busy', 'true');
    await attempt(onSubmit, { refusal: error, button: submit });
    node.removeAttribute('aria-busy');
  });
  return node;
}

export function signInView({ actions, done }) {
  const guest = el('button', { type: 'button', class: 'secondary wide', id: 'play-as-guest', text: t('auth.playAsGuest') });
  const guestError = el('p', { class: 'form-error', role: 'alert', id: 'guest-error' });
  guest.addEventListener('click', () => attempt(async () => {
    await actions.playAsGuest();
    done();
  }, { refusal: guestError, button: guest }));
  const login = el('input', { id: 'login', name: 'login', autocomplete: 'username', required: true, autocapitalize: 'none', spellcheck: 'false' });
  const password = el('input', { id: 'password', name: 'password', type: 'password', autocomplete: 'current-password', required: true });
  // Shown once the server says the account has two-step sign-in on.
  const code = secondFactorField('sign-in-code');
  const node = form({
    actions,
    title: t('auth.signIn'),
    intro: t('auth.signInIntro'),
    fields: [field(t('auth.login'), login), field(t('auth.password'), password), code.node,
      el('p', { class: 'switch' }, el('a', { href: '#/forgot', id: 'to-forgot', text: t('auth.forgot') }))],
    submitLabel: t('auth.signIn'),
    extra: el('div', { class: 'guest' },
      el('p', { class: 'muted', text: t('auth.guestIntro') }),
      guest, guestError),
    footer: el('p', { class: 'switch' }, t('auth.newHere'), ' ', el('a', { href: '#/register', id: 'to-register', text: t('auth.createAccount') })),
    onSubmit: async () => {
      const asked = !code.node.hidden;
      try {
        await actions.signIn(login.value.trim(), password.value, code.proof());
      } catch (failure) {
        if (asksForSecondFactor(failure)) {
          code.reveal();
          throw new Error(t('error.second_factor_required'));
        }
        // The server answers a wrong code as it does a wrong password, to tell nothing of which it was.
        if (asked && failure.code === 'invalid_credentials') {
          code.clear();
          throw new Error(t('auth.wrongPasswordOrCode'));
        }
        throw failure;
      }
      done();
    },
  });
  queueMicrotask(() => login.focus());
  return { node };
}

/** Creating an account, or, for a guest (`guest`), registering the one they play with. */
export function registerView({ actions, done, guest = false }) {
  const username = el('input', { id: 'username', name: 'username', autocomplete: 'username', required: true,
    autocapitalize: 'none', spellcheck: 'false', maxlength: 20, 'aria-describedby': 'username-help' });
  const displayName = el('input', { id: 'display-name', name: 'display_name', autocomplete: 'nickname', maxlength: 40,
    'aria-describedby': 'display-name-help' });
  const email = el('input', { id: 'email', name: 'email', type: 'email', autocomplete: 'email', required: true });
  const password = el('input', { id: 'new-password', name: 'password', type: 'password', autocomplete: 'new-password',
    required: true, 'aria-describedby': 'new-password-help' });
  // A guest chooses a photo in Settings, like anyone signed in.
  const photo = guest ? null : photoInput({ id: 'register-photo', label: t('auth.photo'), help: t('auth.photoHelp') });
  const node = form({
    actions,
    title: guest ? t('auth.keepGames') : t('auth.createAccountTitle'),
    intro: guest ? t('auth.keepGamesIntro') : t('auth.registerIntro'),
    fields: [
      field(t('auth.username'), username, t('auth.usernameHelp')),
      field(t('auth.displayName'), displayName, guest ? t('auth.displayNameHelpGuest') : t('auth.displayNameHelp')),
      field(t('auth.email'), email),
      field(t('auth.password'), password, t('auth.passwordHelp')),
      photo?.node,
    ],
    submitLabel: guest ? t('auth.register') : t('auth.createAccountButton'),
    footer: guest ? el('p', { class: 'switch' }, el('a', { href: '#/', id: 'back-to-lobby', text: t('common.backToLobby') }))
      : el('p', { class: 'switch' }, t('auth.haveAccount'), ' ', el('a', { href: '#/signin', id: 'to-signin', text: t('auth.signIn') })),
    onSubmit: async () => {
      const fields = {
        username: username.value.trim(),
        email: email.value.trim(),
        password: password.value,
        displayName: displayName.value.trim() || undefined,
      };
      if (guest) {
        await actions.registerGuest(fields);
        done();
        return;
      }
      // Checked before the account is made, so that a photo refused here makes no account.
      const problem = photo.problem();
      if (problem) throw new Error(problem);
      try {
        await actions.register(fields, photo.file());
      } catch (failure) {
        if (!failure.accountCreated) throw failure;
        // Signed in, but the server refused the photo: choose another in Settings.
        done();
        navigate('/settings/photo-refused');
        return;
      }
      done();
    },
  });
  queueMicrotask(() => username.focus());
  return { node };
}
