import Foundation
import Observation
import OXOProtocol
import TicTacToe

/// The lobby as one user sees it, live: listed games waiting for an opponent and being
/// played, who is online, the challenges made and received, the user's own games, and
/// *Play random*.
///
/// It follows the `lobby`, `presence` and the user's own topic, and shows only what they
/// sent (players hidden by a block left out); after a drop the connection resumes them.
/// Actions answer with a `Refusal` when the server says no.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor @Observable
public final class LobbyModel {
    @ObservationIgnored public let live: LiveSession
    /// Listed games waiting for an opponent, newest first.
    public private(set) var openGames: [GameView] = []
    /// Listed games being played, newest first.
    public private(set) var liveGames: [GameView] = []
    /// Everyone online, by username, this user included.
    public private(set) var online: [OnlinePlayer] = []
    /// Challenges to this user still waiting for an answer, newest first.
    public private(set) var challengesReceived: [Challenge] = []
    /// Challenges this user made still waiting for an answer, newest first.
    public private(set) var challengesMade: [Challenge] = []
    /// This user's games not finished yet, open or live, newest first.
    public private(set) var myGames: [GameView] = []
    /// Whether this user waits to be paired by *Play random*.
    public private(set) var isWaitingForRandom = false
    /// The game last started for this user by an accepted challenge, a random pairing or a
    /// rematch: where an app takes the player next.
    public private(set) var startedGame: GameView?
    /// The last action's refusal; nil after an action that succeeded.
    public private(set) var refusal: Refusal?

    @ObservationIgnored private var hidden: Set<UserID> = []

    /// Follows the lobby, who is online and the user's own topic on `live`.
    public init(on live: LiveSession) async {
        self.live = live
        hidden = Set((try? await live.client.blocks().hidden) ?? [])
        await live.follow(.lobby, by: self) { [weak self] in self?.receiveLobby($0) }
        await live.follow(.presence, by: self) { [weak self] in self?.receivePresence($0) }
        await live.follow(.user(live.me.id), by: self) { [weak self] in self?.receiveInbox($0) }
    }

    public func close() async {
        for topic in [Topic.lobby, .presence, .user(live.me.id)] {
            await live.unfollow(topic, by: self)
        }
    }

    /// Players online other than this user.
    public var others: [OnlinePlayer] { online.filter { $0.player.id != live.me.id } }

    // MARK: Actions

    /// Creates a game of `variant`'s board (classic when nil) in which this user plays
    /// `side` (X moves first). A listed game shows in everyone's lobby; any game can be
    /// joined by its code.
    public func createGame(side: Mark, listed: Bool = true, variant: Variant? = nil) async -> Result<GameView, Refusal> {
        await act { try await self.live.client.createGame(side: side, listed: listed, variant: variant) }
    }

    /// Takes the free seat of the game with this share code or id.
    public func join(_ codeOrID: String) async -> Result<GameView, Refusal> {
        let result = await act {
            let game = try await self.live.client.game(codeOrID)
            return try await self.live.client.join(game.id)
        }
        // The joiner's own topic tells of the game only from its first turn on, so the
        // server's answer puts it among their games, unless an event brought it already.
        if case .success(let game) = result, !myGames.contains(where: { $0.id == game.id }) {
            myGames.update(game, id: \.id, keeping: game.phase != .finished)
        }
        return result
    }

    /// Finds a game by its share code or id, to watch it.
    public func find(_ codeOrID: String) async -> Result<GameView, Refusal> {
        await act { try await self.live.client.game(codeOrID) }
    }

    /// Challenges an online player; this user plays `side`, X when nil.
    public func challenge(_ player: UserID, side: Mark? = nil, timeControl: TimeControl? = nil,
                          variant: Variant? = nil) async -> Result<Challenge, Refusal> {
        await act { try await self.live.client.challenge(player, side: side, timeControl: timeControl, variant: variant) }
    }

    /// Accepts a challenge; the answer's `game` is the game it started.
    public func accept(_ challenge: ChallengeID) async -> Result<Challenge, Refusal> {
        await act { try await self.live.client.accept(challenge) }
    }

    public func decline(_ challenge: ChallengeID) async -> Result<Challenge, Refusal> {
        await act { try await self.live.client.decline(challenge) }
    }

    /// Withdraws a challenge this user made.
    public func cancel(_ challenge: ChallengeID) async -> Result<Challenge, Refusal> {
        await act { try await self.live.client.cancel(challenge) }
    }

    /// Tells the challenger that the challenge was shown to this user.
    public func markSeen(_ challenge: ChallengeID) async -> Result<Challenge, Refusal> {
        await act { try await self.live.client.markSeen(challenge) }
    }

    /// *Play random* for games of `timeControl` (casual when nil): paired at once with
    /// someone waiting for the same (`startedGame` is the game), or waiting until someone comes.
    public func playRandom(timeControl: TimeControl? = nil, variant: Variant? = nil) async -> Result<MatchmakingStatus, Refusal> {
        let result = await act { try await self.live.client.playRandom(timeControl: timeControl, variant: variant) }
        if case .success(let status) = result { isWaitingForRandom = status.state == .waiting }
        return result
    }

    public func leaveRandom() async -> Result<MatchmakingStatus, Refusal> {
        let result = await act { try await self.live.client.leaveMatchmaking() }
        if case .success(let status) = result { isWaitingForRandom = status.state == .waiting }
        return result
    }

    private func act<Value>(_ action: () async throws -> Value) async -> Result<Value, Refusal> {
        let result = await outcome(of: action)
        refusal = result.failure
        return result
    }

    // MARK: The topics

    private func receiveLobby(_ update: RealtimeUpdate) {
        switch update {
        case .snapshot(_, _, .lobby(let open, let live)):
            openGames = open.filter(isShown)
            liveGames = live.filter(isShown)
        case .event(_, _, let event):
            guard let game = event.game, isShown(game) else { return }
            openGames.update(game, id: \.id, keeping: game.phase == .open)
            liveGames.update(game, id: \.id, keeping: game.phase == .live)
        default:
            break
        }
    }

    private func receivePresence(_ update: RealtimeUpdate) {
        switch update {
        case .snapshot(_, _, .presence(let players)):
            online = players.filter { !hidden.contains($0.player.id) }
        case .event(_, _, .presenceChanged(let presence)):
            guard !hidden.contains(presence.player.id) else { return }
            online.removeAll { $0.player.id == presence.player.id }
            if presence.status != .offline {
                online.append(presence)
                online.sort { $0.player.username < $1.player.username }
            }
            if presence.player.id == live.me.id { isWaitingForRandom = presence.status == .waiting }
        default:
            break
        }
    }

    private func receiveInbox(_ update: RealtimeUpdate) {
        switch update {
        case .snapshot(_, _, .inbox(let games, let challenges)):
            myGames = games
            challengesReceived = challenges.filter { $0.opponent.id == live.me.id }
            challengesMade = challenges.filter { $0.challenger.id == live.me.id }
        case .event(_, _, .challengeChanged(let challenge)):
            let isMine = challenge.challenger.id == live.me.id
            let waiting = challenge.state == .pending
            if isMine {
                challengesMade.update(challenge, id: \.id, keeping: waiting)
            } else {
                challengesReceived.update(challenge, id: \.id, keeping: waiting)
            }
        case .event(_, _, .hiddenChanged(let players)):
            hidden = Set(players)
            openGames.removeAll { !isShown($0) }
            liveGames.removeAll { !isShown($0) }
            online.removeAll { hidden.contains($0.player.id) }
        case .event(_, _, let event):
            guard let game = event.game else { return }
            myGames.update(game, id: \.id, keeping: game.phase != .finished)
            if case .gameStarted = event {
                startedGame = game
                isWaitingForRandom = false
            }
        default:
            break
        }
    }

    private func isShown(_ game: GameView) -> Bool {
        ![game.x?.player?.id, game.o?.player?.id].contains { $0.map(hidden.contains) ?? false }
    }
}

extension Array {
    /// Puts `element` in the place of the one with the same id (first, when it is new) while
    /// `keeping`, and takes it out otherwise: how a list follows events that carry the whole
    /// thing they are about.
    mutating func update<ID: Equatable>(_ element: Element, id: (Element) -> ID, keeping: Bool) {
        let index = firstIndex { id($0) == id(element) }
        switch (index, keeping) {
        case (let index?, true): self[index] = element
        case (let index?, false): remove(at: index)
        case (nil, true): insert(element, at: 0)
        case (nil, false): break
        }
    }
}
