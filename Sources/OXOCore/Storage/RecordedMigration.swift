import Fluent
import OXOCore

/// A migration that databases recorded when every migration was in the `OXOServer`
/// module: it keeps that name whichever module holds it now, or a database made before the
/// server was split into levels would run it again and not start.
package protocol RecordedMigration: AsyncMigration {}

extension RecordedMigration {
    package var name: String { "OXOServer.\(Self.self)" }
}
