import Foundation

/// What a push tells, as the service worker receives it (encrypted): a kind, words for the
/// notification, the web client's address to open, and a tag under which a newer push
/// replaces an older one (each "your turn" of one game, for instance).
package struct PushMessage: Sendable, Equatable {
    package enum Urgency: String, Sendable {
        case veryLow = "very-low", low, normal, high
    }

    package let kind: String
    package let title: String
    package let body: String
    package let url: String
    package let tag: String
    /// RFC 8030's `Urgency`: a device saving its battery is woken only for high.
    package let urgency: Urgency
    /// How long the push service may hold it for a device that is off (`TTL`).
    package let timeToLive: Int

    package init(kind: String, title: String, body: String, url: String, tag: String, urgency: Urgency, timeToLive: Int) {
        self.kind = kind
        self.title = title
        self.body = body
        self.url = url
        self.tag = tag
        self.urgency = urgency
        self.timeToLive = timeToLive
    }

    /// The JSON the device decrypts: the words, where to go and the tag.
    var payload: String {
        let object = ["kind": kind, "title": title, "body": body, "url": url, "tag": tag]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
