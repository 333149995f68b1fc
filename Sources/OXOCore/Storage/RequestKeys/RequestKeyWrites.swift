import Foundation
import OXOProtocol
import SQLKit

/// The keys of requests a client may send more than once, on `change.requestKeys`.
package struct RequestKeyWrites: ChangeHandle { package let change: Change }

extension Change { package var requestKeys: RequestKeyWrites { RequestKeyWrites(change: self) } }

extension RequestKeyWrites {
    /// What `make` makes, recorded under `key` by the id `id` gives, in this change. With
    /// `lookingFirst`, when an earlier request with the key made something, what `earlier`
    /// reads of it instead, and nothing is made. Without it, a key recorded already throws
    /// `RequestKeyTaken` after `make`, and nothing of this change may commit; so does a
    /// `make` refused by a rule, since its request may have been made already (and a limit
    /// it reached may be its own): the change is to run again, looking first.
    func once<T: Sendable>(_ key: RequestKey, lookingFirst: Bool, id: (T) -> UUID, earlier: (UUID) async throws -> T,
                           make: () async throws -> T) async throws -> T {
        if lookingFirst, let made = try await Self.madeUnder.on(sql, key.user, key.kind.rawValue, key.text).first()?
            .decode(column: "made", as: UUID.self) {
            return try await earlier(made)
        }
        let made: T
        do {
            made = try await make()
        } catch is APIError where !lookingFirst {
            throw RequestKeyTaken()
        }
        guard try await Self.recorded.on(sql, key.user, key.kind.rawValue, key.text, id(made), now).first() != nil
        else { throw RequestKeyTaken() }
        return made
    }

    /// Forgets the keys recorded before `cutoff`; returns how many.
    package func forget(before cutoff: Date) async throws -> Int {
        try await Self.forgotten.on(sql, cutoff).all().count
    }

    private static let madeUnder = FixedStatement("SELECT made FROM request_keys WHERE user_id = $1 AND kind = $2 AND key = $3")
    private static let recorded = FixedStatement("""
        INSERT INTO request_keys (user_id, kind, key, made, created_at) VALUES ($1, $2, $3, $4, $5)
        ON CONFLICT (user_id, kind, key) DO NOTHING RETURNING made
        """)
    private static let forgotten = FixedStatement("DELETE FROM request_keys WHERE created_at < $1 RETURNING made")
}

extension Store {
    /// One change that makes what `make` makes and records it under `key` by the id `id`
    /// gives (`RequestKeyWrites`); when an earlier request with the key made something,
    /// what `earlier` reads of it instead, and nothing is made. Nearly every key is new, so
    /// the first run makes without looking, and records the key after: one statement less.
    /// When the key was recorded already (a request sent again, or another with the key
    /// recording first while this one ran), or the making was refused, that run commits nothing,
    /// and the change runs again, looking first: it finds the earlier one's, or fails as it
    /// would have. Without a key, `make` as any change.
    package func change<T: Sendable>(
        once key: RequestKey?, id: @escaping @Sendable (T) -> UUID, earlier: @escaping @Sendable (UUID, Change) async throws -> T,
        make: @escaping @Sendable (Change) async throws -> T
    ) async throws -> T {
        guard let key else { return try await change(make) }
        func attempt(lookingFirst: Bool) async throws -> T {
            try await change { change in
                try await change.requestKeys.once(key, lookingFirst: lookingFirst, id: id, earlier: { try await earlier($0, change) },
                                                  make: { try await make(change) })
            }
        }
        do {
            return try await attempt(lookingFirst: false)
        } catch is RequestKeyTaken {
            return try await attempt(lookingFirst: true)
        }
    }
}
