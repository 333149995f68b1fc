import Foundation

/// The JSON conventions of every OXO message: snake_case keys and ISO 8601 dates with
/// milliseconds. Server and clients use these two and nothing else, each built once:
/// neither is changed after it is made, so both can be shared by every task.
public enum Wire {
    public static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(WireDate.text(date))
        }
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    public static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = try? dateStyle.parse(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(text) is not an ISO 8601 date")
            }
            return date
        }
        return decoder
    }()

    static let dateStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
