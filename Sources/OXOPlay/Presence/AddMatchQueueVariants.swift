import Fluent
import OXOCore

/// The board each player waiting for *Play random* wants (`VariantColumn`: null for
/// classic), so that only players of one board are paired.
package struct AddMatchQueueVariants: AsyncMigration {
    package init() {}

    static let columns = TableColumns("match_queue", [("variant", .string)])

    package func prepare(on database: any Database) async throws {
        try await Self.columns.add(on: database)
    }

    package func revert(on database: any Database) async throws {
        try await Self.columns.remove(on: database)
    }
}
