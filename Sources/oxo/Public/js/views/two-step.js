// Settings' "Two-step sign-in": turning on a code from an authenticator app (the secret
// shown in groups of four and as an otpauth: link, then confirmed with a first code), the
// recovery codes shown once, new ones, and turning it off. A guest has no password of its
// own to add a step to, so the section is hidden for guests.

import { el, setText, replaceChildren } from '../dom.js';
import { attempt } from './shared/attempt.js';
import { secondFactorProof } from './shared/second-factor.js';
import { t } from '../i18n.js';

/** The secret as people copy it: groups of four. */
const grouped = (secret) => secret.match(/.{1,4}/g).join(' ');

function field(label, input, help) {
  return el('div', { class: 'field' },
    el('label', { for: input.id, text: label }),
    input,
    help ? el('p', { class: 'field-help', id: `${input.id}-help`, text: help }) : null);
}

const passwordInput = (id) => el('input', { id, name: id, type: 'password', autocomplete: 'current-password', required: true });
const codeInput = (id) => el('input', { id, name: id, autocomplete: 'one-time-code', spellcheck: 'false',
  maxlength: 40, required: true, 'aria-describedby': `${id}-help` });
const codeHelp = () => t('twoStep.codeFieldHelp');

export function twoStepSettings({ store, actions }) {
  const state = el('p', { id: 'two-step-state' });
  const status = el('p', { class: 'muted', role: 'status', id: 'two-step-status' });
  const error = el('p', { class: 'form-error', role: 'alert', id: 'two-step-error' });

  // Off: the password, asked again, starts an enrolment.
  const startPassword = passwordInput('two-step-password');
  const begin = el('button', { type: 'submit', class: 'primary', id: 'two-step-begin', text: t('twoStep.setUp') });
  const startForm = el('form', { id: 'two-step-start', novalidate: true },
    field(t('data.password'), startPassword), begin);

  // Enrolling: the secret, then the app's first code.
  const secret = el('code', { id: 'totp-secret' });
  const link = el('a', { id: 'totp-link', text: t('twoStep.openInApp') });
  const confirmCode = el('input', { id: 'two-step-confirm-code', name: 'totp', autocomplete: 'one-time-code',
    inputmode: 'numeric', maxlength: 6, required: true });
  const confirm = el('button', { type: 'submit', class: 'primary', id: 'two-step-confirm', text: t('twoStep.turnOn') });
  const enrolForm = el('form', { id: 'two-step-enrol', novalidate: true, hidden: true },
    el('p', { text: t('twoStep.addKey') }),
    el('p', {}, secret), el('p', {}, link),
    field(t('twoStep.codeFromApp'), confirmCode), confirm);

  // The recovery codes, shown once.
  const codeList = el('ol', { id: 'recovery-codes' });
  const kept = el('button', { type: 'button', class: 'secondary', id: 'recovery-codes-done', text: t('twoStep.kept') });
  const codesBox = el('div', { id: 'recovery-codes-box', hidden: true },
    el('p', { text: t('twoStep.keepCodes') }),
    codeList, kept);

  // On: new recovery codes, or off with the password and a code.
  const renewCode = codeInput('two-step-renew-code');
  const renew = el('button', { type: 'submit', class: 'secondary', id: 'two-step-renew', text: t('twoStep.newCodes') });
  const renewForm = el('form', { id: 'two-step-renew-form', novalidate: true, hidden: true },
    field(t('twoStep.code'), renewCode, codeHelp()), renew);
  const stopPassword = passwordInput('two-step-stop-password');
  const stopCode = codeInput('two-step-stop-code');
  const stop = el('button', { type: 'submit', class: 'danger', id: 'two-step-turn-off', text: t('twoStep.turnOff') });
  const stopForm = el('form', { id: 'two-step-stop', novalidate: true, hidden: true },
    field(t('twoStep.yourPassword'), stopPassword), field(t('twoStep.code'), stopCode, codeHelp()), stop);

  let phase = 'off';
  let left = 0;
  function show(next) {
    phase = next;
    startForm.hidden = phase !== 'off';
    enrolForm.hidden = phase !== 'enrolling';
    codesBox.hidden = phase !== 'codes';
    renewForm.hidden = phase !== 'on';
    stopForm.hidden = phase !== 'on';
    setText(state, phase === 'off' || phase === 'enrolling' ? t('twoStep.off') : t('twoStep.on', { count: left }));
    state.dataset.enabled = String(phase === 'on' || phase === 'codes');
  }
  function showCodes(codes) {
    left = codes.length;
    replaceChildren(codeList, codes.map((code) => el('li', { text: code })));
    show('codes');
  }
  const run = (button, work) => {
    setText(status, '');
    return attempt(work, { refusal: error, button });
  };

  startForm.addEventListener('submit', (event) => {
    event.preventDefault();
    run(begin, async () => {
      const enrolment = await actions.startTwoStep(startPassword.value);
      startPassword.value = '';
      setText(secret, grouped(enrolment.secret));
      link.setAttribute('href', enrolment.uri);
      show('enrolling');
      confirmCode.focus();
    });
  });
  enrolForm.addEventListener('submit', (event) => {
    event.preventDefault();
    run(confirm, async () => {
      const answer = await actions.confirmTwoStep(confirmCode.value.replace(/\s/g, ''));
      confirmCode.value = '';
      setText(secret, '');
      link.removeAttribute('href');
      showCodes(answer.codes);
      setText(status, t('twoStep.isOn'));
    });
  });
  kept.addEventListener('click', () => {
    replaceChildren(codeList);
    show('on');
  });
  renewForm.addEventListener('submit', (event) => {
    event.preventDefault();
    run(renew, async () => {
      const answer = await actions.regenerateRecoveryCodes(secondFactorProof(renewCode.value));
      renewCode.value = '';
      showCodes(answer.codes);
      setText(status, t('twoStep.oldCodesGone'));
    });
  });
  stopForm.addEventListener('submit', (event) => {
    event.preventDefault();
    run(stop, async () => {
      await actions.stopTwoStep(stopPassword.value, secondFactorProof(stopCode.value));
      stopPassword.value = '';
      stopCode.value = '';
      left = 0;
      show('off');
      setText(status, t('twoStep.isOff'));
    });
  });

  const node = el('section', { class: 'settings-section', id: 'two-step', 'aria-labelledby': 'two-step-title' },
    el('h2', { id: 'two-step-title', text: t('twoStep.title') }),
    state, startForm, enrolForm, codesBox, renewForm, stopForm, status, error);

  function render(current) {
    node.hidden = current.session?.user?.guest !== false;
  }
  show('off');
  render(store.state);
  if (!node.hidden) {
    attempt(async () => {
      const answer = await actions.twoStep();
      left = answer.recovery_codes_left;
      show(answer.enabled ? 'on' : 'off');
    }, { refusal: error });
  }
  return { node, destroy: store.subscribe(render) };
}
