// Time controls: the ones the "+" sheet and a challenge offer, and how a game's pace and
// clocks are put in words. The server checks every control; a custom clock (30 s to 60
// minutes, 0 to 60 s a move) is the API's, these are the presets.

import { serverNow } from './server-clock.js';
import { t } from './i18n.js';

/** [key, the control]: the presets offered, named by paceName(key). */
export const PACES = [
  ['casual', { kind: 'casual' }],
  ['1+0', { kind: 'clock', initial_seconds: 60, increment_seconds: 0 }],
  ['1+1', { kind: 'clock', initial_seconds: 60, increment_seconds: 1 }],
  ['3+2', { kind: 'clock', initial_seconds: 180, increment_seconds: 2 }],
  ['5+0', { kind: 'clock', initial_seconds: 300, increment_seconds: 0 }],
  ['1d', { kind: 'correspondence', days_per_move: 1 }],
  ['3d', { kind: 'correspondence', days_per_move: 3 }],
  ['7d', { kind: 'correspondence', days_per_move: 7 }],
  ['14d', { kind: 'correspondence', days_per_move: 14 }],
];

/** "Casual (no clock)", "3 minutes + 2 s a move", "7 days a move (correspondence)": a preset in words. */
export function paceName(key) {
  return t(`pace.${key}`);
}

/** The control of a preset by its key ("3+2"); casual for an unknown key. */
export function paceControl(key) {
  return (PACES.find(([value]) => value === key) ?? PACES[0])[1];
}

/** "3+2", "3 days a move", or null for a casual game. */
export function paceLabel(game) {
  const control = game.time_control;
  if (!control || control.kind === 'casual') return null;
  if (control.kind === 'clock') return `${control.initial_seconds / 60}+${control.increment_seconds ?? 0}`;
  return t('pace.daysPerMove', { count: control.days_per_move });
}

/** Milliseconds left on `mark`'s clock at `now` (the server's), counted down from what the server measured. */
export function timeLeft(game, mark, now = serverNow()) {
  const clock = game.clock;
  if (!clock) return null;
  const left = mark === 'X' ? clock.x_ms : clock.o_ms;
  if (clock.running !== mark) return left;
  return Math.max(0, left - (now - Date.parse(clock.measured_at)));
}

/** Under ten seconds a clock shows tenths. */
const TENTHS_BELOW = 10_000;

/** "2:05", "0:09.4" under ten seconds. */
export function clockText(ms) {
  const tenths = Math.floor(ms / 100);
  const seconds = Math.floor(tenths / 10);
  const minutes = Math.floor(seconds / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return ms < TENTHS_BELOW ? `${minutes}:${rest}.${tenths % 10}` : `${minutes}:${rest}`;
}

/** Milliseconds until a clock running down from `ms` shows another clockText. */
export function untilClockTextChanges(ms) {
  const step = ms < TENTHS_BELOW ? 100 : 1000;
  // The text changes as the time drops below the step it shows: just past it.
  return (ms % step) + 1;
}

/** A correspondence player's "your move" games come first in a list of games. */
export function isCorrespondence(game) {
  return game.time_control?.kind === 'correspondence';
}
