import Foundation
import OXOAccounts
import OXOCore
import OXOPlay
import OXOProtocol
import OXOSocial
import Vapor

/// The effects of the session's decisions (`SessionEffect`), carried out against the
/// database, the bus and the socket.
extension SocketSession {
    /// Does what `effect` says; returns its answer, for the effects that have one.
    func carryOut(_ effect: SessionEffect) async -> SessionInput? {
        switch effect {
        case .send(let message):
            send(message)
        case .sendEvent(let event):
            outbox.send(event.message)
        case .pong(let id):
            send(.pong(id: id, serverTime: store.clock.now))
        case .countSubscription:
            do {
                try store.context[SocketSubscriptions.self].record(id.uuidString)
                return .subscriptionCounted(refusal: nil)
            } catch let refusal {
                return .subscriptionCounted(refusal: refusal.error)
            }
        case .checkChatAccess(let room):
            do {
                try await ChatAccess(database: store.sql).check(room, for: user.id.rawValue, writing: false, now: store.clock.now)
                return .chatAccessChecked(refusal: nil)
            } catch {
                return .chatAccessChecked(refusal: error)
            }
        case .listen(let topic):
            store.bus.subscribe(topic, subscriber: id) { [self] event in handInTask(mailbox.offer(event, to: outbox)) }
        case .stopListening(let topic):
            store.bus.unsubscribe(topic, subscriber: id)
        case .readTopic(let topic):
            return .topicRead(await Result.of { try await TopicReads(store: store, user: user.id).read(topic) })
        case .readMissed(let topic, let after, let through):
            return .missedRead(.success(store.missedEvents(on: topic, after: after, through: through)))
        case .readSnapshot(let topic, _, let game):
            return .snapshotRead(await Result.of { try await TopicReads(store: store, user: user.id).snapshot(of: topic, game: game) })
        case .look(let game, let change):
            registry.look(user.id, at: game, by: change)
        case .addWatcher(let game):
            return .watcherAdded(await Result.of { try await Watchers(store: store).add(id, user: user, to: game) })
        case .removeWatcher(let game):
            return .watcherRemoved(await Result.of { try await Watchers(store: store).remove(id, from: game) })
        case .play(let game, let cell, let moveNumber):
            return .moveAnswered(await Result.of { try await GameService(store: store).move(game, cell: cell, moveNumber: moveNumber, by: user) })
        case .fail(let request, let error):
            answer(request, .failure(error))
        case .noteRefusal(let code):
            logger.notice("socket message refused", metadata: ["code": "\(code.rawValue)"])
        case .logDeliveryFailure(let topic, let error):
            logger.error("could not deliver an event", metadata: ["topic": "\(topic.map(String.init(describing:)) ?? "-")", "error": "\(error)"])
        case .close(let code, let error):
            logger.notice("socket closed: \(error.message)", metadata: ["code": "\(code)"])
            close(code: .unknown(code), saying: error)
        }
        return nil
    }
}

extension Result where Failure == any Error {
    /// The value `work` gives, or the error it throws: the answer of an effect.
    static func of(_ work: () async throws -> Success) async -> Result {
        do {
            return .success(try await work())
        } catch {
            return .failure(error)
        }
    }
}
