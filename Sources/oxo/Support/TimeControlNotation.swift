import OXOProtocol

extension TimeControl {
    /// A time control as players write it: `3+2` (a clock of minutes, and seconds added a
    /// move), `3d` (correspondence, days a move) or `casual`; nil for anything else. The
    /// server checks the bounds.
    init?(notation: String) {
        let text = notation.lowercased()
        if text == "casual" {
            self = .casual
        } else if text.hasSuffix("d"), let days = Int(text.dropLast()) {
            self = .correspondence(days: days)
        } else {
            let parts = text.split(separator: "+", omittingEmptySubsequences: false)
            guard parts.count == 2, let minutes = Int(parts[0]), let increment = Int(parts[1]) else { return nil }
            self = .clock(minutes: minutes, increment: increment)
        }
    }
}
