// The server's clock as this page best knows it. Clocks, countdowns and "2 hours ago"
// compare the server's timestamps with now: with the device's own clock, a phone set a
// minute fast would show every clock a minute short. Each pong on the socket carries the
// server's time (`server_time`); the round trip around it bounds when the server read it,
// so now on the server is that time plus half the round trip, give or take the other half.
//
// The estimate runs on performance.now(), which only ever moves forwards at a steady
// rate, so a device clock that is wrong, or is set while the page is open, changes
// nothing. A monotonic clock still drifts from the server's by a few hundredths of a
// millisecond a second, so only the last few samples count; and the best of them (the
// shortest round trip) wins, since a slow answer bounds the server's moment less tightly.

const SAMPLES_KEPT = 5;

/** { offset: server time minus performance.now() at the same moment, roundTrip } of the latest pongs */
let samples = [];
/** Whether the next reading starts afresh (see measureAfresh). */
let afresh = false;

/** Milliseconds since 1970 on the server's clock, now; the device's own clock until the server has said. */
export function serverNow() {
  if (!samples.length) return Date.now();
  const best = samples.reduce((a, b) => (b.roundTrip < a.roundTrip ? b : a));
  return performance.now() + best.offset;
}

/**
 * One reading of the server's clock: `serverTime` (ISO 8601) read by the server between
 * `sentAt` and `receivedAt`, both performance.now() of this page. A reading without a
 * time (a server that does not send one) is ignored.
 */
export function learnServerTime({ serverTime, sentAt, receivedAt }) {
  const time = Date.parse(serverTime ?? '');
  if (Number.isNaN(time) || receivedAt < sentAt) return;
  const roundTrip = receivedAt - sentAt;
  const kept = afresh ? [] : samples.slice(1 - SAMPLES_KEPT);
  afresh = false;
  samples = [...kept, { offset: time + roundTrip / 2 - receivedAt, roundTrip }];
}

/**
 * A new connection: its first reading replaces the earlier ones (the device may have
 * slept, and performance.now() may not have counted the sleep), which serve until then.
 */
export function measureAfresh() {
  afresh = true;
}
