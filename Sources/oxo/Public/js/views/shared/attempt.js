// Trying what the user asked for and showing the server's refusal in words: every
// button and form that calls an action goes through here, so a refusal always looks and
// behaves the same (cleared when the next try starts, the button idle while it runs).

import { setText } from '../../dom.js';

/**
 * Runs `work`; a refusal's message goes to `refusal` (an element, or a function given the
 * error). `button`, when given, is disabled while `work` runs. Resolves to whether it went through.
 */
export async function attempt(work, { refusal, button = null } = {}) {
  const show = typeof refusal === 'function' ? refusal : (failure) => setText(refusal, failure?.message ?? '');
  if (typeof refusal !== 'function') show(null);
  if (button) button.disabled = true;
  try {
    await work();
    return true;
  } catch (failure) {
    show(failure);
    return false;
  } finally {
    if (button) button.disabled = false;
  }
}
