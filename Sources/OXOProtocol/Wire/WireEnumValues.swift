import TicTacToe

/// The values each enumeration a client sends may take, by the name Swift gives its type:
/// so that a request with `{"side":"Z"}` is told what `side` takes, in the words the socket
/// uses for an unknown message type, rather than in the decoder's own.
public enum WireEnumValues {
    public static func values(ofTypeNamed name: String) -> [String]? {
        switch name {
        case "Mark": Mark.allCases.map(\.rawValue)
        case "Level": Level.allCases.map(\.rawValue)
        case "GameMode": GameMode.allCases.map(\.rawValue)
        case "NotificationKind": NotificationKind.allCases.map(\.rawValue)
        case "LeaderboardOrder": LeaderboardOrder.allCases.map(\.rawValue)
        case "Language": Language.allCases.map(\.rawValue)
        default: nil
        }
    }

    /// `a`, `a or b`, `a, b or c`.
    public static func list(_ values: [String]) -> String {
        values.count < 2 ? values.joined() : values.dropLast().joined(separator: ", ") + " or " + values.last!
    }
}
