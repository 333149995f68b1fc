// A player's followers, or the players they follow, a page at a time with "Show more".
// Reusable: the friends page shows the user's own, a profile page anyone's.
//   const list = followList({ store, actions, userId, which: 'followers' }); parent.append(list.node);

import { el, replaceChildren } from '../dom.js';
import { emptyRow } from './shared/rows.js';
import { avatarImage } from './shared/avatar.js';
import { playerLink } from './shared/player-link.js';
import { t } from '../i18n.js';

export function followList({ store, actions, userId, which, title = t(`follows.${which}`) }) {
  const id = `${which}-${userId}`;
  const list = el('ul', { class: 'player-list', id: `${which}-list`, 'aria-labelledby': `${id}-title` });
  const more = el('button', { type: 'button', class: 'small', text: t('common.showMore'), hidden: true });
  const node = el('section', { class: 'follow-list', dataset: { which } }, el('h3', { id: `${id}-title`, text: title }), list, more);
  let players = [];
  let cursor = null;
  let seenChanges = store.state.socialChanges;
  let alive = true;

  function render() {
    replaceChildren(list, players.length
      ? players.map((player) => el('li', { class: 'player-row', dataset: { user: player.id, username: player.username } },
        avatarImage(player, { size: 28 }), playerLink(player), el('span', { class: 'muted', text: ` @${player.username}` })))
      : emptyRow(which === 'followers' ? t('follows.noFollowers') : t('follows.noFollowing')));
    more.hidden = !cursor;
  }

  async function load(reset) {
    try {
      const page = await actions.follows(userId, which, reset ? null : cursor);
      if (!alive) return;
      players = reset ? page.players : [...players, ...page.players];
      cursor = page.next_cursor ?? null;
      render();
    } catch {
      if (alive && reset) replaceChildren(list, emptyRow(t('follows.failed')));
    }
  }

  more.addEventListener('click', () => load(false));
  const unsubscribe = store.subscribe((state) => {
    if (state.socialChanges === seenChanges) return;
    seenChanges = state.socialChanges;
    load(true);
  });
  replaceChildren(list, emptyRow(t('common.loading')));
  load(true);
  return { node, destroy() { alive = false; unsubscribe(); } };
}
