// The signed-in user's settings: their picture (a photo, or the stock one drawn from
// their name), their display name, the password and two-step sign-in, where they are
// signed in, and their data (export and deletion). Every change is the server's answer, shown at once
// in the topbar and wherever the user appears.

import { el, setText } from '../dom.js';
import { avatarImage, showAvatar, hasPhoto } from './shared/avatar.js';
import { photoInput } from './photo-input.js';
import { attempt } from './shared/attempt.js';
import { sessionList } from './session-list.js';
import { accountData } from './account-data.js';
import { passwordSettings } from './password.js';
import { twoStepSettings } from './two-step.js';
import { screenReaderSetting } from './screen-reader-setting.js';

const NOTICES = {
  'photo-refused': 'Your account is ready, but the photo could not be used. Choose another one here.',
};

export function settingsView({ store, actions, notice = null, deleted }) {
  const user = () => store.state.session?.user;

  const current = avatarImage(user(), { size: 96, id: 'settings-avatar' });
  const pictureNote = el('p', { class: 'muted', id: 'picture-note' });
  const picker = photoInput({ id: 'settings-photo', label: 'New photo',
    help: 'PNG, JPEG, WebP or GIF, at most 2 MB and 4096 × 4096 pixels.' });
  const savePhoto = el('button', { type: 'submit', class: 'primary', id: 'save-photo', text: 'Use this photo' });
  const removePhoto = el('button', { type: 'button', class: 'secondary', id: 'remove-photo', text: 'Remove photo' });
  const photoStatus = el('p', { class: 'muted', role: 'status', id: 'photo-status' });
  const photoError = el('p', { class: 'form-error', role: 'alert', id: 'photo-error', text: NOTICES[notice] ?? '' });
  const photoForm = el('form', { class: 'settings-section', 'aria-labelledby': 'photo-title', novalidate: true },
    el('h2', { id: 'photo-title', text: 'Your picture' }),
    el('div', { class: 'photo-row' }, current, pictureNote),
    picker.node,
    el('div', { class: 'inline' }, savePhoto, removePhoto),
    photoStatus, photoError);

  const displayName = el('input', { id: 'settings-display-name', name: 'display_name', autocomplete: 'nickname',
    maxlength: 40, required: true, value: user()?.display_name ?? '', 'aria-describedby': 'settings-display-name-help' });
  const saveName = el('button', { type: 'submit', class: 'primary', id: 'save-name', text: 'Save name' });
  const nameStatus = el('p', { class: 'muted', role: 'status', id: 'name-status' });
  const nameError = el('p', { class: 'form-error', role: 'alert', id: 'name-error' });
  const nameForm = el('form', { class: 'settings-section', 'aria-labelledby': 'name-title', novalidate: true },
    el('h2', { id: 'name-title', text: 'Display name' }),
    el('div', { class: 'field' },
      el('label', { for: 'settings-display-name', text: 'What other players see' }),
      displayName,
      el('p', { class: 'field-help', id: 'settings-display-name-help',
        text: `1 to 40 characters. Your username, ${user()?.username ?? ''}, never changes.` })),
    saveName, nameStatus, nameError);

  // The address and the password (views/password.js).
  const account = passwordSettings({ store, actions });
  const twoStep = twoStepSettings({ store, actions });

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
      setText(photoError, picker.problem() ?? 'Choose a photo first.');
      return;
    }
    change(savePhoto, photoStatus, photoError, async () => {
      await actions.setAvatar(file);
      picker.clear();
    }, 'Your photo is saved.');
  });
  removePhoto.addEventListener('click', () =>
    change(removePhoto, photoStatus, photoError, () => actions.removeAvatar(), 'Your photo is removed.'));
  nameForm.addEventListener('submit', (event) => {
    event.preventDefault();
    change(saveName, nameStatus, nameError, () => actions.rename(displayName.value), 'Your display name is saved.');
  });

  function render(state) {
    const me = state.session?.user;
    if (!me) return;
    showAvatar(current, me);
    removePhoto.hidden = !hasPhoto(me);
    setText(pictureNote, hasPhoto(me) ? 'Other players see this photo beside your name.'
      : 'Without a photo, other players see your initials.');
  }

  const node = el('section', { class: 'card settings', 'aria-labelledby': 'settings-title' },
    el('h1', { id: 'settings-title', text: 'Settings' }),
    photoForm, nameForm, screenReaderSetting().node, ...account.nodes, twoStep.node,
    sessionList({ actions }).node,
    accountData({ actions, store, deleted }).node,
    el('p', { class: 'switch' }, el('a', { href: '#/', id: 'settings-back', text: 'Back to the lobby' })));
  render(store.state);
  const unsubscribe = store.subscribe(render);
  return { node, destroy: () => { unsubscribe(); account.destroy(); twoStep.destroy(); } };
}
