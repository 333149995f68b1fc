import Foundation

/// An id that is a UUID on the wire and a distinct type in code, so a user id can never
/// be passed where a game id is expected.
public protocol UUIDIdentifier: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible,
    LosslessStringConvertible where RawValue == UUID {
    init(rawValue: UUID)
}

extension UUIDIdentifier {
    public init?(_ description: String) {
        guard let uuid = UUID(text: description) else { return nil }
        self.init(rawValue: uuid)
    }

    public var description: String { rawValue.lowercasedText }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let id = Self(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(text) is not an id")
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

public struct UserID: UUIDIdentifier {
    public let rawValue: UUID
    public init(rawValue: UUID) { self.rawValue = rawValue }
}

public struct GameID: UUIDIdentifier {
    public let rawValue: UUID
    public init(rawValue: UUID) { self.rawValue = rawValue }
}

public struct SessionID: UUIDIdentifier {
    public let rawValue: UUID
    public init(rawValue: UUID) { self.rawValue = rawValue }
}

public struct ChallengeID: UUIDIdentifier {
    public let rawValue: UUID
    public init(rawValue: UUID) { self.rawValue = rawValue }
}

public struct NotificationID: UUIDIdentifier {
    public let rawValue: UUID
    public init(rawValue: UUID) { self.rawValue = rawValue }
}

/// A video game of the catalogue (not a game of Tic-Tac-Toe, which is a `GameID`).
public struct CatalogueGameID: UUIDIdentifier {
    public let rawValue: UUID
    public init(rawValue: UUID) { self.rawValue = rawValue }
}

public struct ConversationID: UUIDIdentifier {
    public let rawValue: UUID
    public init(rawValue: UUID) { self.rawValue = rawValue }
}

public struct ChatMessageID: UUIDIdentifier {
    public let rawValue: UUID
    public init(rawValue: UUID) { self.rawValue = rawValue }
}

public struct ReportID: UUIDIdentifier {
    public let rawValue: UUID
    public init(rawValue: UUID) { self.rawValue = rawValue }
}

/// One device's push subscription (`/v1/push/subscriptions/{id}`).
public struct PushSubscriptionID: UUIDIdentifier {
    public let rawValue: UUID
    public init(rawValue: UUID) { self.rawValue = rawValue }
}

/// One personal access token (`/v1/me/tokens/{id}`).
public struct AccessTokenID: UUIDIdentifier {
    public let rawValue: UUID
    public init(rawValue: UUID) { self.rawValue = rawValue }
}

/// A tournament: an arena or a Swiss event (`/v1/tournaments/{tournamentID}`).
public struct TournamentID: UUIDIdentifier {
    public let rawValue: UUID
    public init(rawValue: UUID) { self.rawValue = rawValue }
}
