// Follow, befriend and block one player: the buttons a profile or a friends list shows
// beside a player, kept true by asking the server where the two stand
// (GET /v1/users/<id>/relation) after every change. Mount it anywhere:
//   const actionsNode = socialActions({ store, actions, userId }); parent.append(actionsNode.node); … actionsNode.destroy();

import { el, replaceChildren, setText } from '../dom.js';
import { attempt } from './shared/attempt.js';

export function socialActions({ store, actions, userId }) {
  const buttons = el('span', { class: 'inline social-buttons' });
  const error = el('span', { class: 'refusal', role: 'alert' });
  const node = el('span', { class: 'social-actions', dataset: { user: userId } }, buttons, error);
  let seenChanges = null;
  let alive = true;

  function button(text, label, run, extra = '') {
    const b = el('button', { type: 'button', class: `small ${extra}`.trim(), text, 'aria-label': label });
    b.addEventListener('click', () => attempt(run, { refusal: error, button: b }));
    return b;
  }

  async function load() {
    let relation;
    try {
      relation = await actions.relation(userId);
    } catch (failure) {
      if (alive) setText(error, failure.message);
      return;
    }
    if (!alive) return;
    const name = relation.player.display_name;
    const shown = [];
    if (relation.blocked) {
      shown.push(button('Unblock', `Unblock ${name}`, () => actions.unblock(userId), 'unblock-button'));
    } else {
      shown.push(relation.following
        ? button('Unfollow', `Unfollow ${name}`, () => actions.unfollow(userId), 'unfollow-button')
        : button('Follow', `Follow ${name}`, () => actions.follow(userId), 'follow-button'));
      if (!relation.friend) {
        shown.push(button('Add friend', `Ask ${name} to be friends`, () => actions.befriend(relation.player.username), 'befriend-button'));
      }
      shown.push(button('Block', `Block ${name}`, () => actions.block(userId), 'danger block-button'));
    }
    node.dataset.following = String(relation.following);
    node.dataset.blocked = String(relation.blocked);
    replaceChildren(buttons, shown);
  }

  const unsubscribe = store.subscribe((state) => {
    if (state.socialChanges === seenChanges) return;
    seenChanges = state.socialChanges;
    load();
  });
  seenChanges = store.state.socialChanges;
  load();
  return { node, destroy() { alive = false; unsubscribe(); } };
}
