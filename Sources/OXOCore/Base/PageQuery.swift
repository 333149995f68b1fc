import OXOProtocol
import Vapor

extension Request {
    /// The `limit` (1–100, default 20) and `cursor` query items of a paged list.
    package func pageQuery() throws -> (limit: Int, cursor: String?) {
        let limit = try query.get(Int?.self, at: "limit") ?? 20
        guard (1...100).contains(limit) else { throw APIError(.invalidRequest, "'limit' must be from 1 to 100.") }
        return (limit, try query.get(String?.self, at: "cursor"))
    }
}
