// Below the game: the viewer's part in it, who is watching, and the code and link to share.

import { el, setAttr, setText } from '../dom.js';
import { marksOf } from '../store.js';
import { gameLink } from '../router.js';

export function gameShare() {
  const role = el('p', { class: 'role muted', id: 'game-role' });
  const watchers = el('p', { class: 'watchers muted', id: 'watchers' });
  const codeText = el('strong', { class: 'code', id: 'game-code' });
  const linkInput = el('input', { id: 'game-link', readonly: true, 'aria-label': 'Link to this game' });
  const copyButton = el('button', { type: 'button', id: 'copy-link', text: 'Copy link' });
  const copied = el('span', { class: 'muted', 'aria-live': 'polite' });
  const share = el('div', { class: 'share' },
    el('p', {}, 'Code ', codeText),
    el('div', { class: 'inline' }, linkInput, copyButton), copied);

  copyButton.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(linkInput.value);
      setText(copied, 'Link copied.');
    } catch {
      linkInput.select();
      setText(copied, 'Press Ctrl+C (Cmd+C on a Mac) to copy the selected link.');
    }
  });

  return {
    nodes: [role, watchers, share],
    render(game, me) {
      const mine = marksOf(game, me);
      setText(role, mine.length
        ? (game.mode === 'pass_and_play' ? 'You play both sides: pass the device.' : `You play ${mine.join(' and ')}.`)
        : 'You are watching this game.');
      const others = game.watchers;
      setText(watchers, others === 1 ? '1 watching' : others ? `${others} watching` : 'Nobody watching');
      setAttr(watchers, 'data-count', String(others));
      setText(codeText, game.code);
      const link = gameLink(game.code);
      if (linkInput.value !== link) linkInput.value = link;
    },
  };
}
