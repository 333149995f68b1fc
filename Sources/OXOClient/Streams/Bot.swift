import Foundation
import OXOProtocol
import TicTacToe

/// A program that plays through the streams of JSON lines: the challenges and games that
/// come to its account, and the states of each game, each followed across dropped
/// connections and server restarts by asking again from the last number it had, so
/// nothing is missed and nothing comes twice. What it does with them (accept, decline,
/// move) is its own: the client's REST calls.
///
///     let bot = Bot(client: OXOClient(baseURL: url, token: token))
///     for try await happening in bot.happenings() {
///         if case .challenged(let challenge) = happening { _ = try await bot.client.accept(challenge.id) }
///     }
public struct Bot: Sendable {
    /// What reaches the account that a bot acts on.
    public enum Happening: Sendable, Hashable {
        /// A challenge to the account, waiting for an answer, also one pending when the
        /// stream (re)opened from a snapshot.
        case challenged(Challenge)
        /// A game of the account's that began, or that was going on when the stream
        /// (re)opened from a snapshot.
        case playing(GameView)
        /// A game of the account's that ended.
        case finished(GameView)
    }

    public let client: OXOClient
    /// How long it waits before asking again after the connection dropped.
    public let retry: Duration

    public init(client: OXOClient, retry: Duration = .seconds(1)) {
        self.client = client
        self.retry = retry
    }

    /// The account's challenges and games, as they come, until the task is cancelled or
    /// the server refuses the account (a revoked token, say).
    public func happenings() -> AsyncThrowingStream<Happening, any Error> {
        let client = client
        return follow(ends: { _ in false }) { after in
            let me: UserID
            if let known = await client.user?.id { me = known } else { me = try await client.me().id }
            return (.user(me), try await client.accountStream(after: after), { message in Self.happenings(in: message, for: me) })
        }
    }

    /// The game's states: as it is, then after each of its events, until it is over.
    public func states(of game: GameID) -> AsyncThrowingStream<GameView, any Error> {
        let client = client
        return follow(ends: { $0.phase == .finished }) { after in
            (.game(game), try await client.gameStream(game, after: after), { message in
                switch message {
                case .snapshot(.game, _, .game(let view)): [view]
                case .event(.game, _, let event): event.game.map { [$0] } ?? []
                default: []
                }
            })
        }
    }

    static func happenings(in message: ServerMessage, for me: UserID) -> [Happening] {
        func waiting(_ challenge: Challenge) -> Bool { challenge.state == .pending && challenge.opponent.id == me }
        switch message {
        case .snapshot(.user, _, .inbox(let games, let challenges)):
            return challenges.filter(waiting).map(Happening.challenged) + games.filter { $0.phase == .live }.map(Happening.playing)
        case .event(.user, _, .challengeChanged(let challenge)) where waiting(challenge):
            return [.challenged(challenge)]
        case .event(.user, _, .gameStarted(let game)):
            return [.playing(game)]
        case .event(.user, _, .gameFinished(let game)):
            return [.finished(game)]
        default:
            return []
        }
    }

    /// Reads a stream opened by `open` (given the last number it had of the stream's main
    /// topic, which `open` names, nil at first), again after each end or dropped connection,
    /// until a value `ends` it, the server refuses it for good, or the task is cancelled.
    private func follow<Value: Sendable>(
        ends: @escaping @Sendable (Value) -> Bool,
        open: @escaping @Sendable (Int?) async throws
            -> (Topic, AsyncThrowingStream<ServerMessage, any Error>, @Sendable (ServerMessage) -> [Value])
    ) -> AsyncThrowingStream<Value, any Error> {
        let retry = retry
        return AsyncThrowingStream { continuation in
            let following = Task {
                var last: Int?
                while !Task.isCancelled {
                    do {
                        let (topic, messages, values) = try await open(last)
                        for try await message in messages {
                            switch message {
                            case .event(topic, let seq, _), .snapshot(topic, let seq, _): last = seq
                            default: break
                            }
                            for value in values(message) {
                                continuation.yield(value)
                                if ends(value) { return continuation.finish() }
                            }
                        }
                    } catch let refusal as APIError where !Self.passes(refusal.code) {
                        return continuation.finish(throwing: refusal)
                    } catch {
                        if Task.isCancelled { break }
                    }
                    try? await Task.sleep(for: retry)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in following.cancel() }
        }
    }

    /// Refusals that pass: asking again later may be answered.
    private static func passes(_ code: ErrorCode) -> Bool {
        [.shuttingDown, .rateLimited, .storageUnavailable, .databaseUnavailable, .internalError].contains(code)
    }
}

extension OXOClient {
    /// Turns this account, which must have played no game, into a bot for good, playing
    /// `variants` (every board when nil). Its program then plays through `Bot`.
    public func becomeBot(playing variants: [Variant]? = nil) async throws -> UserView {
        refreshed(try await perform(Endpoint(Operations.becomeBot, body: BecomeBotRequest(variants: variants))))
    }
}
