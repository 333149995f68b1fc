// Follow, befriend and block one player (block asks first): the buttons a profile or a friends list shows
// beside a player, kept true by asking the server where the two stand
// (GET /v1/users/<id>/relation) after every change. Mount it anywhere:
//   const actionsNode = socialActions({ store, actions, userId }); parent.append(actionsNode.node); … actionsNode.destroy();

import { el, replaceChildren, setText } from '../dom.js';
import { attempt } from './shared/attempt.js';
import { t } from '../i18n.js';

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
      text: t('social.blockQuestion', { name }) });
    const keep = el('button', { type: 'button', class: 'small keep-block-button', text: t('common.cancel'),
      'aria-label': t('social.keepLabel', { name }) });
    keep.addEventListener('click', () => load());
    replaceChildren(buttons, question,
      button(t('social.confirmBlock'), t('social.confirmBlockLabel', { name }), () => actions.block(userId), 'danger confirm-block-button'), keep);
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
      shown.push(button(t('social.unblock'), t('social.unblockLabel', { name }), () => actions.unblock(userId), 'unblock-button'));
    } else {
      shown.push(relation.following
        ? button(t('social.unfollow'), t('social.unfollowLabel', { name }), () => actions.unfollow(userId), 'unfollow-button')
        : button(t('social.follow'), t('social.followLabel', { name }), () => actions.follow(userId), 'follow-button'));
      if (!relation.friend) {
        shown.push(button(t('social.befriend'), t('social.befriendLabel', { name }), () => actions.befriend(relation.player.username),
          'befriend-button'));
      }
      const block = el('button', { type: 'button', class: 'small danger block-button', text: t('social.block'),
        'aria-label': t('social.blockLabel', { name }) });
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
