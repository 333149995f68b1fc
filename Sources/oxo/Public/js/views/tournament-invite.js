// The creator's "Invite friends" on a tournament's page: a checkbox for each friend, and
// Invite, which the server turns into a notification (and a push) for each one chosen.

import { el, replaceChildren, setText } from '../dom.js';
import { attempt } from './shared/attempt.js';
import { emptyRow } from './shared/rows.js';
import { t } from '../i18n.js';

export function tournamentInvite({ actions, id }) {
  const list = el('ul', { class: 'invite-list', id: 'tournament-invite-list' });
  const send = el('button', { type: 'submit', id: 'tournament-invite', text: t('tournament.invite') });
  const said = el('p', { role: 'status', id: 'tournament-invite-status' });
  const refusal = el('p', { class: 'form-error', role: 'alert' });
  const form = el('form', {}, el('fieldset', {}, el('legend', { text: t('tournament.inviteFriends') }), list), send, said, refusal);
  const node = el('section', { class: 'card', id: 'tournament-invitations', hidden: true, 'aria-label': t('tournament.inviteFriends') }, form);
  let loaded = false;

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const chosen = [...list.querySelectorAll('input:checked')].map((box) => box.value);
    if (!chosen.length) return;
    attempt(async () => {
      await actions.inviteToTournament(id, chosen);
      setText(said, t('tournament.invited', { count: chosen.length }));
      for (const box of list.querySelectorAll('input:checked')) box.checked = false;
    }, { refusal, button: send });
  });

  async function load() {
    loaded = true;
    const friends = (await actions.loadFriends().catch(() => null))?.friends ?? [];
    replaceChildren(list, friends.length ? friends.map(({ player }) => el('li', {},
      el('label', { class: 'setting' }, el('input', { type: 'checkbox', name: 'friend', value: player.id }),
        el('span', { text: player.display_name }))))
      : emptyRow(t('tournament.noFriends')));
    send.hidden = !friends.length;
  }

  return {
    node,
    render(tournament, me) {
      const show = tournament.creator.id === me && (tournament.state === 'scheduled' || tournament.state === 'running');
      node.hidden = !show;
      if (show && !loaded) load();
    },
  };
}
