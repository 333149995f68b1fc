import Logging
import NIOConcurrencyHelpers
import PostgresKit
import SQLKit

/// PostgreSQL parses and plans every statement it is sent, unless the connection prepared
/// it by name. For a move's statements that work cost PostgreSQL more than running them:
/// the game's row with its nine subqueries most of all (BENCHMARKS.md, 27 November, fifth
/// sitting). So on PostgreSQL each `FixedStatement` runs as a named prepared statement,
/// prepared on a connection the first time it runs there.
///
/// PostgresNIO remembers what each connection prepared, but takes a statement's name and
/// text from its type (`PostgresPreparedStatement`'s static `name` and `sql`): every fixed
/// statement needs a type of its own. Statements are numbered as they are made, and the
/// n-th one's type is `NumberedStatement<Next<Next<…First>>>`, n deep, found once per
/// statement when it is made (`run(numbered:)`).
enum PostgresStatements {
    /// Runs a prepared statement on `connection` with `bindings`, handing each row to `onRow`.
    typealias Run = @Sendable (
        _ connection: PostgresConnection, _ bindings: PostgresBindings, _ logger: Logger,
        _ onRow: @escaping @Sendable (any SQLRow) -> Void
    ) async throws -> Void

    private static let texts = NIOLockedValueBox<[String]>([])

    /// The number of the statement with this text: the same text, the same number.
    static func number(of text: String) -> Int {
        texts.withLockedValue { texts in
            if let known = texts.firstIndex(of: text) { return known }
            texts.append(text)
            return texts.count - 1
        }
    }

    static func text(numbered number: Int) -> String {
        texts.withLockedValue { $0[number] }
    }

    static func run(numbered number: Int) -> Run {
        run(First.self, numbered: number)
    }

    private static func run<Number: StatementNumber>(_: Number.Type, numbered number: Int) -> Run {
        guard Number.value == number else { return run(Next<Number>.self, numbered: number) }
        return { connection, bindings, logger, onRow in
            for try await row in try await connection.execute(NumberedStatement<Number>(bindings: bindings), logger: logger) {
                onRow(row.sql())
            }
        }
    }
}

/// A natural number spelled as a type, so that a statement's number can name its type.
protocol StatementNumber: Sendable {
    static var value: Int { get }
}

enum First: StatementNumber {
    static var value: Int { 0 }
}

enum Next<Previous: StatementNumber>: StatementNumber {
    static var value: Int { Previous.value + 1 }
}

/// The fixed statement numbered `Number`, as PostgresNIO prepares and runs it.
struct NumberedStatement<Number: StatementNumber>: PostgresPreparedStatement {
    static var name: String { "oxo_fixed_\(Number.value)" }
    static var sql: String { PostgresStatements.text(numbered: Number.value) }

    let bindings: PostgresBindings

    func makeBindings() -> PostgresBindings { bindings }
    func decodeRow(_ row: PostgresRow) -> PostgresRow { row }
}

/// A PostgreSQL database that runs fixed statements prepared, and everything else as
/// SQLKit does. `Database.sql` hands it out on PostgreSQL, for reads and changes alike.
struct PostgresPreparingDatabase: WrappingSQLDatabase {
    let base: any SQLDatabase & PostgresDatabase

    var wrapped: any SQLDatabase { base }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        guard query is FixedStatement.Bound else { return base.execute(sql: query, onRow) }
        return eventLoop.makeFutureWithTask { try await self.execute(sql: query, onRow) }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        guard let fixed = query as? FixedStatement.Bound, let bindings = try fixed.postgresBindings() else {
            return try await base.execute(sql: query, onRow)
        }
        let (run, logger) = (fixed.statement.runPrepared, logger)
        try await base.withConnection { connection in
            connection.eventLoop.makeFutureWithTask { try await run(connection, bindings, logger, onRow) }
        }.get()
    }
}

extension FixedStatement.Bound {
    /// The values as PostgresNIO binds them, with the types SQLKit's PostgreSQL driver
    /// gives them; nil when one has no encoding of its own (the driver would go through
    /// `Codable` for it), and the statement then runs unprepared.
    func postgresBindings() throws -> PostgresBindings? {
        var bindings = PostgresBindings(capacity: binds.count)
        for value in binds {
            guard try Self.bind(value, to: &bindings) else { return nil }
        }
        return bindings
    }

    private static func bind<Value: Encodable>(_ value: Value, to bindings: inout PostgresBindings) throws -> Bool {
        if (value as? any PossiblyAbsent)?.isAbsent == true {
            bindings.appendNull()
        } else if let encodable = value as? any PostgresThrowingDynamicTypeEncodable {
            try bindings.append(encodable)
        } else {
            return false
        }
        return true
    }
}

/// An optional seen through a generic parameter or an existential, where comparing it
/// with nil never holds (the value is wrapped once more first): so a null would go to
/// SQLKit's path, and every statement given one ran unprepared.
private protocol PossiblyAbsent {
    var isAbsent: Bool { get }
}

extension Optional: PossiblyAbsent {
    var isAbsent: Bool { self == nil }
}
