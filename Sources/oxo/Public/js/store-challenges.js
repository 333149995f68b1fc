// The store's challenges (store.js), made or received, each as its last word left it.

/** How far a challenge has got: waiting unseen (0), waiting seen (1), answered or expired (2). */
const challengeProgress = (challenge) => (challenge.state !== 'pending' ? 2 : challenge.seen ? 1 : 0);

/** What changes the store's challenges; `changed` tells its subscribers. */
export function createChallengeUpdates(state, changed) {
  return {
    /**
     * A challenge from a REST answer or an event. The answer to making one can arrive
     * after the event that it was seen: a copy that is behind the stored one is dropped.
     */
    putChallenge(challenge) {
      const current = state.challenges.get(challenge.id);
      if (current && challengeProgress(current) > challengeProgress(challenge)) return;
      state.challenges = new Map(state.challenges).set(challenge.id, challenge);
      changed();
    },
    /** My inbox's snapshot lists the challenges still waiting; those already closed stay as they ended. */
    setPending(pending) {
      const closed = [...state.challenges.values()].filter((c) => c.state !== 'pending');
      state.challenges = new Map([...closed, ...pending].map((c) => [c.id, c]));
    },
  };
}
