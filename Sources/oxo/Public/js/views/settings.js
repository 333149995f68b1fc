// The signed-in user's settings: their picture (a photo, or the stock one drawn from
// their name), their display name, the password and two-step sign-in, where they are
// signed in, the access tokens their programs use, and their data (export and deletion).
// Every change is the server's answer, shown at once in the topbar and wherever the user appears.

import { el, setText } from '../dom.js';
import { avatarImage, showAvatar, hasPhoto } from './shared/avatar.js';
import { photoInput } from './photo-input.js';
import { attempt } from './shared/attempt.js';
import { sessionList } from './session-list.js';
import { accountData } from './account-data.js';
import { accessTokens } from './access-tokens.js';
import { passwordSettings } from './password.js';
import { twoStepSettings } from './two-step.js';
import { screenReaderSetting } from './screen-reader-setting.js';
import { languagePicker } from './shared/language-picker.js';
import { t } from '../i18n.js';

/** Why Settings was opened, when something went wrong elsewhere: `#/settings/<notice>`. */
const NOTICES = {
  'photo-refused': () => t('settings.photoRefused'),
};

export function settingsView({ store, actions, notice = null, deleted }) {
  const user = () => store.state.session?.user;

  const current = avatarImage(user(), { size: 96, id: 'settings-avatar' });
  const pictureNote = el('p', { class: 'muted', id: 'picture-note' });
  const picker = photoInput({ id: 'settings-photo', label: t('settings.newPhoto'), help: t('settings.photoHelp') });
  const savePhoto = el('button', { type: 'submit', class: 'primary', id: 'save-photo', text: t('settings.usePhoto') });
  const removePhoto = el('button', { type: 'button', class: 'secondary', id: 'remove-photo', text: t('settings.removePhoto') });
  const photoStatus = el('p', { class: 'muted', role: 'status', id: 'photo-status' });
  const photoError = el('p', { class: 'form-error', role: 'alert', id: 'photo-error', text: NOTICES[notice]?.() ?? '' });
  const photoForm = el('form', { class: 'settings-section', 'aria-labelledby': 'photo-title', novalidate: true },
    el('h2', { id: 'photo-title', text: t('settings.picture') }),
    el('div', { class: 'photo-row' }, current, pictureNote),
    picker.node,
    el('div', { class: 'inline' }, savePhoto, removePhoto),
    photoStatus, photoError);

  const displayName = el('input', { id: 'settings-display-name', name: 'display_name', autocomplete: 'nickname',
    maxlength: 40, required: true, value: user()?.display_name ?? '', 'aria-describedby': 'settings-display-name-help' });
  const saveName = el('button', { type: 'submit', class: 'primary', id: 'save-name', text: t('settings.saveName') });
  const nameStatus = el('p', { class: 'muted', role: 'status', id: 'name-status' });
  const nameError = el('p', { class: 'form-error', role: 'alert', id: 'name-error' });
  const nameForm = el('form', { class: 'settings-section', 'aria-labelledby': 'name-title', novalidate: true },
    el('h2', { id: 'name-title', text: t('settings.displayName') }),
    el('div', { class: 'field' },
      el('label', { for: 'settings-display-name', text: t('settings.displayNameLabel') }),
      displayName,
      el('p', { class: 'field-help', id: 'settings-display-name-help',
        text: t('settings.displayNameHelp', { username: user()?.username ?? '' }) })),
    saveName, nameStatus, nameError);

  // The language of the page, and of the account's mail and pushes.
  const languageSection = el('section', { class: 'settings-section', id: 'language-setting', 'aria-labelledby': 'language-title' },
    el('h2', { id: 'language-title', text: t('language.title') }),
    languagePicker({ id: 'language-choice', actions, help: t('language.help') }).node);

  // The address and the password (views/password.js).
  const account = passwordSettings({ store, actions });
  const twoStep = twoStepSettings({ store, actions });
  const tokens = accessTokens({ store, actions });

  /** Runs one change, with its button disabled and its outcome in words. */
  function change(button, status, error, work, done) {
    setText(status, '');
    return attempt(async () => {
      await work();
      setText(status, done);
    }, { refusal: error, button });
  }

  photoForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const file = picker.file();
    if (!file || picker.problem()) {
      setText(photoError, picker.problem() ?? t('settings.choosePhoto'));
      return;
    }
    change(savePhoto, photoStatus, photoError, async () => {
      await actions.setAvatar(file);
      picker.clear();
    }, t('settings.photoSaved'));
  });
  removePhoto.addEventListener('click', () =>
    change(removePhoto, photoStatus, photoError, () => actions.removeAvatar(), t('settings.photoRemoved')));
  nameForm.addEventListener('submit', (event) => {
    event.preventDefault();
    change(saveName, nameStatus, nameError, () => actions.rename(displayName.value), t('settings.nameSaved'));
  });

  function render(state) {
    const me = state.session?.user;
    if (!me) return;
    showAvatar(current, me);
    removePhoto.hidden = !hasPhoto(me);
    setText(pictureNote, hasPhoto(me) ? t('settings.photoShown') : t('settings.noPhoto'));
  }

  const node = el('section', { class: 'card settings', 'aria-labelledby': 'settings-title' },
    el('h1', { id: 'settings-title', text: t('settings.title') }),
    photoForm, nameForm, languageSection, screenReaderSetting().node, ...account.nodes, twoStep.node,
    sessionList({ actions }).node,
    tokens.node,
    accountData({ actions, store, deleted }).node,
    el('p', { class: 'switch' }, el('a', { href: '#/', id: 'settings-back', text: t('common.backToLobby') })));
  render(store.state);
  const unsubscribe = store.subscribe(render);
  return { node, destroy: () => { unsubscribe(); account.destroy(); twoStep.destroy(); tokens.destroy(); } };
}
