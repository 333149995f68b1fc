import OXOProtocol
import Vapor

extension Request {
    /// The `limit` query item of a paged list: 1–100, 20 when left out.
    func pageLimit() throws -> Int {
        let limit = try query.get(Int?.self, at: "limit") ?? 20
        guard (1...100).contains(limit) else { throw APIError(.invalidRequest, "'limit' must be from 1 to 100.") }
        return limit
    }

    /// The `cursor` query item of a paged list.
    func pageCursor() throws -> String? {
        try query.get(String?.self, at: "cursor")
    }
}
