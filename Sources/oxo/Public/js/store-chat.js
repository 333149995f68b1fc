// The store's chat rooms (store.js): each room's messages by number, whether older ones
// remain, and how far each reader has seen.

/** `current` with `incoming` put in by their number: a message told twice is kept once, in its latest state. */
function mergeMessages(current, incoming) {
  const bySeq = new Map(current.map((message) => [message.seq, message]));
  for (const message of incoming) bySeq.set(message.seq, message);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** A room as the store holds it; one not heard of yet is empty, with older messages to ask for. */
const storedRoom = (state, room) => state.chat.get(room) ?? { messages: [], older: true, seen: {} };

/** What changes the store's chat rooms; `changed` tells its subscribers. */
export function createChatUpdates(state, changed) {
  return {
    /** Messages of a room from the socket or a page of history; `older`: whether a page before them remains. */
    putMessages(room, messages, older) {
      const current = storedRoom(state, room);
      const merged = mergeMessages(current.messages, messages);
      const first = merged[0];
      state.chat.set(room, { ...current, messages: merged, older: older ?? (first ? first.seq > 1 : false) });
      changed();
    },
    putSeen(room, seen) {
      const current = storedRoom(state, room);
      const before = current.seen[seen.reader] ?? 0;
      state.chat.set(room, { ...current, seen: { ...current.seen, [seen.reader]: Math.max(before, seen.seq) } });
      changed();
    },
  };
}
