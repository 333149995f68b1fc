// Passwords and mailed links: "Forgot your password?", the screen a reset link opens,
// the screen a verification link opens, and the Settings section that changes the
// password and shows whether the address is confirmed. A link's token is read from the
// address bar once and taken out of it at once, so it stays in no history or bookmark.

import { el, setText } from '../dom.js';
import { navigate } from '../router.js';
import { attempt } from './shared/attempt.js';
import { secondFactorField, asksForSecondFactor } from './shared/second-factor.js';

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

const toSignIn = () => el('p', { class: 'switch' }, el('a', { href: '#/signin', id: 'back-to-signin', text: 'Back to sign in' }));

/** Takes the token out of the address bar, keeping the screen. */
function forgetToken(screen) {
  history.replaceState(null, '', `#/${screen}`);
}

export function forgotPasswordView({ actions }) {
  const email = el('input', { id: 'forgot-email', name: 'email', type: 'email', autocomplete: 'email', required: true });
  const node = card({
    id: 'forgot', title: 'Forgot your password?',
    intro: 'Give the e-mail address of your account. If it is confirmed, we mail it a link to choose a new password.',
    fields: [field('E-mail', email)], submitLabel: 'Mail me a link', footer: toSignIn(),
    onSubmit: async (status) => {
      await actions.requestPasswordReset(email.value.trim());
      setText(status, 'If an account has this confirmed address, a link is on its way. It works for 30 minutes.');
    },
  });
  queueMicrotask(() => email.focus());
  return { node };
}

export function resetPasswordView({ actions, token }) {
  if (token) forgetToken('reset');
  const password = passwordInput('reset-password', 'new-password', { 'aria-describedby': 'reset-password-help' });
  const node = card({
    id: 'reset', title: 'Choose a new password',
    intro: token ? 'Setting it signs you out everywhere; then sign in with it.'
      : 'Open the link from your mail again: this page needs it.',
    fields: [field('New password', password, 'At least 8 characters.')], submitLabel: 'Set password', footer: toSignIn(),
    onSubmit: async (status) => {
      if (!token) throw new Error('Open the link from your mail again, or ask for a new one.');
      await actions.resetPassword(token, password.value);
      password.value = '';
      setText(status, 'Your password is set. Sign in with it.');
      navigate('/signin');
    },
  });
  queueMicrotask(() => password.focus());
  return { node };
}

export function verifyEmailView({ actions, token }) {
  if (token) forgetToken('verify');
  const status = el('p', { role: 'status', id: 'verify-status', text: 'Confirming your address…' });
  const node = el('section', { class: 'card auth', 'aria-labelledby': 'verify-title' },
    el('h1', { id: 'verify-title', text: 'Your address' }), status,
    el('p', { class: 'switch' }, el('a', { href: '#/', id: 'verify-continue', text: 'Continue' })));
  attempt(async () => {
    if (!token) throw new Error('Open the link from your mail again: this page needs it.');
    await actions.verifyEmail(token);
    setText(status, 'Your address is confirmed. It can now get you back into your account.');
  }, { refusal: status });
  return { node };
}

/** The Settings sections: whether the address is confirmed, and changing the password. */
export function passwordSettings({ store, actions }) {
  const user = () => store.state.session?.user;
  const emailState = el('p', { id: 'email-state' });
  const resend = el('button', { type: 'button', class: 'secondary', id: 'resend-verification', text: 'Mail me a new link' });
  const emailStatus = el('p', { class: 'muted', role: 'status', id: 'email-status' });
  const emailError = el('p', { class: 'form-error', role: 'alert', id: 'email-error' });
  const emailSection = el('section', { class: 'settings-section', 'aria-labelledby': 'email-title' },
    el('h2', { id: 'email-title', text: 'E-mail address' }), emailState, resend, emailStatus, emailError);
  resend.addEventListener('click', () => attempt(async () => {
    setText(emailStatus, '');
    await actions.mailEmailVerification();
    setText(emailStatus, `A new link is on its way to ${user()?.email ?? 'your address'}.`);
  }, { refusal: emailError, button: resend }));

  const current = passwordInput('current-password', 'current-password');
  const next = passwordInput('changed-password', 'new-password', { 'aria-describedby': 'changed-password-help' });
  const code = secondFactorField('password-code');
  const save = el('button', { type: 'submit', class: 'primary', id: 'save-password', text: 'Change password' });
  const status = el('p', { class: 'muted', role: 'status', id: 'password-status' });
  const error = el('p', { class: 'form-error', role: 'alert', id: 'password-error' });
  const passwordForm = el('form', { class: 'settings-section', 'aria-labelledby': 'password-title', novalidate: true },
    el('h2', { id: 'password-title', text: 'Password' }),
    field('Current password', current),
    field('New password', next, 'At least 8 characters. Every other device you are signed in on is signed out.'),
    code.node, save, status, error);
  passwordForm.addEventListener('submit', (event) => {
    event.preventDefault();
    setText(status, '');
    attempt(async () => {
      try {
        await actions.changePassword(current.value, next.value, code.proof());
      } catch (failure) {
        if (!asksForSecondFactor(failure)) throw failure;
        code.reveal();
        throw new Error('Two-step sign-in is on: type a code from your authenticator app, or a recovery code.');
      }
      current.value = '';
      next.value = '';
      code.clear();
      setText(status, 'Your password is changed. Your other devices are signed out.');
    }, { refusal: error, button: save });
  });

  function render(state) {
    const me = state.session?.user;
    if (!me) return;
    // A guest has no address and no password of its own: it registers first.
    emailSection.hidden = me.guest;
    passwordForm.hidden = me.guest;
    setText(emailState, me.email_verified ? `${me.email} is confirmed.`
      : `${me.email} is not confirmed yet: open the link we mailed to it. Until then it cannot reset your password.`);
    emailState.dataset.verified = String(Boolean(me.email_verified));
    resend.hidden = Boolean(me.email_verified);
  }
  render(store.state);
  return { nodes: [emailSection, passwordForm], destroy: store.subscribe(render) };
}
