import Foundation
import OXOCore
import Vapor

/// What a node does once PostgreSQL's relay listens again after losing its connection (the
/// primary failed over): the events committed meanwhile reached none of its sockets, and no
/// later event may reveal them (a game's last move). The stored numbers of every topic
/// followed here are read in one statement, after listening again so that nothing
/// committed in between is missed, and each socket is sent what it missed of its own
/// topics (a snapshot, when the events are not kept here) and stays open: its player does
/// not leave and come back, and a node's thousand players do not all at once. Streams are
/// ended, and their clients resume from their numbers; when the numbers cannot be read,
/// the sockets are closed with 1012 to resume the same way.
struct RelayCatchUp {
    let sockets: SocketRegistry
    let streams: StreamRegistry
    let store: Store
    let logger: Logger

    func run() async {
        let ended = streams.endAllToCatchUp()
        let topics = store.bus.followedTopics
        do {
            let seqs = try await EventStore.storedSeqs(of: topics, on: store.sql)
            let told = sockets.catchUpAll(to: seqs)
            logger.notice("catching the sockets up after the relay's reconnect",
                          metadata: ["sockets": "\(told)", "topics": "\(topics.count)", "streams_ended": "\(ended)"])
        } catch {
            let closed = sockets.closeAllToCatchUp()
            logger.warning("closed the sockets to catch up after the relay's reconnect: the topics' numbers could not be read",
                           metadata: ["sockets": "\(closed)", "streams_ended": "\(ended)", "error": "\(error)"])
        }
    }
}
