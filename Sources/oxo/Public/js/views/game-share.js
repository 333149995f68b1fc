// Below the game: the viewer's part in it, who is watching, and the code and link to share.

import { el, setAttr, setText } from '../dom.js';
import { marksOf } from '../store.js';
import { gameLink } from '../router.js';
import { formatList, t } from '../i18n.js';

export function gameShare() {
  const role = el('p', { class: 'role muted', id: 'game-role' });
  const watchers = el('p', { class: 'watchers muted', id: 'watchers' });
  const codeText = el('strong', { class: 'code', id: 'game-code' });
  const linkInput = el('input', { id: 'game-link', readonly: true, 'aria-label': t('share.linkLabel') });
  const copyButton = el('button', { type: 'button', id: 'copy-link', text: t('share.copyLink') });
  const copied = el('span', { class: 'muted', 'aria-live': 'polite' });
  const share = el('div', { class: 'share' },
    el('p', {}, t('share.code'), ' ', codeText),
    el('div', { class: 'inline' }, linkInput, copyButton), copied);

  copyButton.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(linkInput.value);
      setText(copied, t('share.copied'));
    } catch {
      linkInput.select();
      setText(copied, t('share.copyByHand'));
    }
  });

  return {
    nodes: [role, watchers, share],
    render(game, me) {
      const mine = marksOf(game, me);
      setText(role, mine.length
        ? (game.mode === 'pass_and_play' ? t('share.youPlayBoth') : t('share.youPlay', { marks: formatList(mine) }))
        : t('share.watching'));
      const others = game.watchers;
      setText(watchers, others ? t('share.watchers', { count: others }) : t('share.nobodyWatching'));
      setAttr(watchers, 'data-count', String(others));
      setText(codeText, game.code);
      const link = gameLink(game.code);
      if (linkInput.value !== link) linkInput.value = link;
    },
  };
}
