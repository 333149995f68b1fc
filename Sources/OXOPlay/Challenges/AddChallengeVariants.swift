import Fluent
import OXOCore

/// The board a challenge proposes (`VariantColumn`: null for classic, as every challenge
/// made before this is).
package struct AddChallengeVariants: AsyncMigration {
    package init() {}

    static let columns = TableColumns("challenges", [("variant", .string)])

    package func prepare(on database: any Database) async throws {
        try await Self.columns.add(on: database)
    }

    package func revert(on database: any Database) async throws {
        try await Self.columns.remove(on: database)
    }
}
