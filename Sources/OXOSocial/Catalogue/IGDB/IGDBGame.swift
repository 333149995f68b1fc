import Foundation
import NIOCore

/// A game as IGDB's `/games` sends it for `IGDBQuery.gameFields`: a JSON array of objects
/// in which a field IGDB has no value for is left out, `first_release_date` is a Unix time
/// in seconds, and each expanded reference is an object carrying the fields asked for.
struct IGDBGame: Decodable {
    struct Named: Decodable {
        let name: String?
    }

    struct Cover: Decodable {
        let imageID: String?

        enum CodingKeys: String, CodingKey {
            case imageID = "image_id"
        }
    }

    struct InvolvedCompany: Decodable {
        let company: Named?
        let developer: Bool?
    }

    let id: Int
    let name: String?
    let firstReleaseDate: Int64?
    let cover: Cover?
    let summary: String?
    let platforms: [Named]?
    let genres: [Named]?
    let involvedCompanies: [InvolvedCompany]?

    enum CodingKeys: String, CodingKey {
        case id, name, cover, summary, platforms, genres
        case firstReleaseDate = "first_release_date"
        case involvedCompanies = "involved_companies"
    }

    /// The catalogue's entry for this game; nil for a game with no name, which no page
    /// could show.
    var entry: CatalogueEntry? {
        guard let name, !name.isEmpty else { return nil }
        let developers = (involvedCompanies ?? []).filter { $0.developer == true }.compactMap { $0.company?.name }
        return CatalogueEntry(
            source: "igdb",
            sourceID: String(id),
            title: name,
            released: firstReleaseDate.map(Self.day(fromUnixTime:)),
            platforms: (platforms ?? []).compactMap(\.name),
            genres: (genres ?? []).compactMap(\.name),
            developer: developers.isEmpty ? nil : developers.joined(separator: ", "),
            summary: summary.flatMap { $0.isEmpty ? nil : $0 },
            coverImageID: cover?.imageID
        )
    }

    /// The entries of a `/games` answer, in IGDB's order.
    static func entries(from body: ByteBuffer) throws -> [CatalogueEntry] {
        do {
            return try JSONDecoder().decode([IGDBGame].self, from: Data(body.readableBytesView)).compactMap(\.entry)
        } catch {
            throw IGDBError.malformed(service: "IGDB", reason: "not a list of games (\(Self.describe(error)))")
        }
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// The calendar day, in UTC, of a Unix time: IGDB gives a release date as the midnight
    /// that starts it.
    static func day(fromUnixTime seconds: Int64) -> String {
        let parts = utc.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// Where decoding stopped, without the body itself.
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not JSON" }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            let path = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            return path.isEmpty ? context.debugDescription : "at \(path): \(context.debugDescription)"
        @unknown default:
            return "not JSON"
        }
    }
}
