// Follow, befriend and block one player (block asks first): the buttons a profile or a friends list shows
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

  /** Blocking hides both players from each other at once, so it is asked twice, like resigning. */
  function askToBlock(name) {
    const question = el('span', { class: 'confirm-question', role: 'alert',
      text: `Block ${name}? Neither of you will see the other online, in the lobby or in a game.` });
    const keep = el('button', { type: 'button', class: 'small keep-block-button', text: 'Cancel', 'aria-label': `Do not block ${name}` });
    keep.addEventListener('click', () => load());
    replaceChildren(buttons, question,
      button('Yes, block', `Yes, block ${name}`, () => actions.block(userId), 'danger confirm-block-button'), keep);
    keep.focus();
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
      const block = el('button', { type: 'button', class: 'small danger block-button', text: 'Block', 'aria-label': `Block ${name}` });
      block.addEventListener('click', () => askToBlock(name));
      shown.push(block);
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
