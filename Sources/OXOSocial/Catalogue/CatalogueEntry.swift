import Foundation

/// One video game as a catalogue source describes it, before it is stored.
package struct CatalogueEntry: Sendable, Equatable {
    /// Which source it came from: "embedded", "igdb" or "import".
    var source: String
    /// The game's id within that source (a slug for embedded and imported games).
    var sourceID: String
    var title: String
    /// The first release date, a calendar day ("2017-03-03"), when known.
    var released: String?
    var platforms: [String]
    var genres: [String]
    var developer: String?
    var summary: String?
    /// IGDB's cover image id; nil means the page draws a generated cover.
    var coverImageID: String?
}
