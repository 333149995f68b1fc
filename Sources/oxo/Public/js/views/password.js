// Passwords and mailed links: "Forgot your password?", the screen a reset link opens,
// the screen a verification link opens, and the Settings section that changes the
// password and shows whether the address is confirmed. A link's token is read from the
// address bar once and taken out of it at once, so it stays in no history or bookmark.

import { el, setText } from '../dom.js';
import { navigate } from '../router.js';
import { attempt } from './shared/attempt.js';
import { secondFactorField, asksForSecondFactor } from './shared/second-factor.js';
import { t } from '../i18n.js';

function field(label, input, help) {
  return el('div', { class: 'field' },
    el('label', { for: input.id, text: label }),
    input,
    help ? el('p', { class: 'field-help', id: `${input.id}-help`, text: help }) : null);
}

function passwordInput(id, autocomplete, extra = {}) {
  return el('input', { id, name: id, type: 'password', autocomplete, required: true, ...extra });
}

/** A card with a form: `onSubmit` runs through `attempt`, its refusal shown in words. */
function card({ id, title, intro, fields, submitLabel, onSubmit, footer }) {
  const error = el('p', { class: 'form-error', role: 'alert', id: `${id}-error` });
  const status = el('p', { class: 'muted', role: 'status', id: `${id}-status` });
  const submit = el('button', { type: 'submit', class: 'primary wide', id: `${id}-submit`, text: submitLabel });
  const form = el('form', { class: 'card auth', id, novalidate: true, 'aria-labelledby': `${id}-title` },
    el('h1', { id: `${id}-title`, text: title }),
    el('p', { class: 'muted', text: intro }),
    fields, error, submit, status, footer);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    setText(status, '');
    form.setAttribute('aria-busy', 'true');
    await attempt(() => onSubmit(status), { refusal: error, button: submit });
    form.removeAttribute('aria-busy');
  });
  return form;
}

const toSignIn = () => el('p', { class: 'switch' }, el('a', { href: '#/signin', id: 'back-to-signin', text: t('password.backToSignIn') }));

/** Takes the token out of the address bar, keeping the screen. */
function forgetToken(screen) {
  history.replaceState(null, '', `#/${screen}`);
}

export function forgotPasswordView({ actions }) {
  const email = el('input', { id: 'forgot-email', name: 'email', type: 'email', autocomplete: 'email', required: true });
  const node = card({
    id: 'forgot', title: t('auth.forgot'),
    intro: t('password.forgotIntro'),
    fields: [field(t('auth.email'), email)], submitLabel: t('password.mailLink'), footer: toSignIn(),
    onSubmit: async (status) => {
      await actions.requestPasswordReset(email.value.trim());
      setText(status, t('password.linkSent'));
    },
  });
  queueMicrotask(() => email.focus());
  return { node };
}

export function resetPasswordView({ actions, token }) {
  if (token) forgetToken('reset');
  const password = passwordInput('reset-password', 'new-password', { 'aria-describedby': 'reset-password-help' });
  const node = card({
    id: 'reset', title: t('password.resetTitle'),
    intro: token ? t('password.resetIntro') : t('password.needLink'),
    fields: [field(t('password.new'), password, t('auth.passwordHelp'))], submitLabel: t('password.set'), footer: toSignIn(),
    onSubmit: async (status) => {
      if (!token) throw new Error(t('password.needLinkAgain'));
      await actions.resetPassword(token, password.value);
      password.value = '';
      setText(status, t('password.isSet'));
      navigate('/signin');
    },
  });
  queueMicrotask(() => password.focus());
  return { node };
}

export function verifyEmailView({ actions, token }) {
  if (token) forgetToken('verify');
  const status = el('p', { role: 'status', id: 'verify-status', text: t('password.confirming') });
  const node = el('section', { class: 'card auth', 'aria-labelledby': 'verify-title' },
    el('h1', { id: 'verify-title', text: t('password.yourAddress') }), status,
    el('p', { class: 'switch' }, el('a', { href: '#/', id: 'verify-continue', text: t('password.continue') })));
  attempt(async () => {
    if (!token) throw new Error(t('password.needLink'));
    await actions.verifyEmail(token);
    setText(status, t('password.confirmed'));
  }, { refusal: status });
  return { node };
}

/** The Settings sections: whether the address is confirmed, and changing the password. */
export function passwordSettings({ store, actions }) {
  const user = () => store.state.session?.user;
  const emailState = el('p', { id: 'email-state' });
  const resend = el('button', { type: 'button', class: 'secondary', id: 'resend-verification', text: t('password.resend') });
  const emailStatus = el('p', { class: 'muted', role: 'status', id: 'email-status' });
  const emailError = el('p', { class: 'form-error', role: 'alert', id: 'email-error' });
  const emailSection = el('section', { class: 'settings-section', 'aria-labelledby': 'email-title' },
    el('h2', { id: 'email-title', text: t('password.emailTitle') }), emailState, resend, emailStatus, emailError);
  resend.addEventListener('click', () => attempt(async () => {
    setText(emailStatus, '');
    await actions.mailEmailVerification();
    setText(emailStatus, user()?.email ? t('password.newLinkTo', { email: user().email }) : t('password.newLink'));
  }, { refusal: emailError, button: resend }));

  const current = passwordInput('current-password', 'current-password');
  const next = passwordInput('changed-password', 'new-password', { 'aria-describedby': 'changed-password-help' });
  const code = secondFactorField('password-code');
  const endTokens = el('input', { type: 'checkbox', id: 'end-access-tokens', 'aria-describedby': 'end-access-tokens-help' });
  const save = el('button', { type: 'submit', class: 'primary', id: 'save-password', text: t('password.change') });
  const status = el('p', { class: 'muted', role: 'status', id: 'password-status' });
  const error = el('p', { class: 'form-error', role: 'alert', id: 'password-error' });
  const passwordForm = el('form', { class: 'settings-section', 'aria-labelledby': 'password-title', novalidate: true },
    el('h2', { id: 'password-title', text: t('auth.password') }),
    field(t('password.current'), current),
    field(t('password.new'), next, t('password.newHelp')),
    code.node,
    el('div', { class: 'field' },
      el('label', { class: 'setting', for: 'end-access-tokens' }, endTokens, ' ', t('password.endTokens')),
      el('p', { class: 'field-help', id: 'end-access-tokens-help', text: t('password.endTokensHelp') })),
    save, status, error);
  passwordForm.addEventListener('submit', (event) => {
    event.preventDefault();
    setText(status, '');
    attempt(async () => {
      try {
        await actions.changePassword(current.value, next.value, code.proof(), endTokens.checked);
      } catch (failure) {
        if (!asksForSecondFactor(failure)) throw failure;
        code.reveal();
        throw new Error(t('twoStep.codeNeeded'));
      }
      current.value = '';
      next.value = '';
      code.clear();
      setText(status, endTokens.checked ? t('password.changedTokensEnded') : t('password.changed'));
      endTokens.checked = false;
    }, { refusal: error, button: save });
  });

  function render(state) {
    const me = state.session?.user;
    if (!me) return;
    // A guest has no address and no password of its own: it registers first.
    emailSection.hidden = me.guest;
    passwordForm.hidden = me.guest;
    setText(emailState, me.email_verified ? t('password.emailConfirmed', { email: me.email })
      : t('password.emailNotConfirmed', { email: me.email }));
    emailState.dataset.verified = String(Boolean(me.email_verified));
    resend.hidden = Boolean(me.email_verified);
  }
  render(store.state);
  return { nodes: [emailSection, passwordForm], destroy: store.subscribe(render) };
}
