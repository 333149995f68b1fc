import OXOCore
import OXOProtocol
import Vapor

/// The caller's own inbox and its settings; nobody else's is reachable.
package struct NotificationRoutes {
    package init() {}

    package func register(signedIn routes: any RoutesBuilder) {
        let me = routes.grouped("v1", "me")
        me.get("notifications") { request in
            let (limit, cursor) = try request.pageQuery()
            return try await Reply(NotificationQueries(database: request.store.sql).page(
                of: request.user.id.rawValue, cursor: cursor, limit: limit))
        }
        me.post("notifications", "read") { request in
            let user = try request.user.id.rawValue
            return try await Reply(request.store.change { try await $0.markRead(nil, of: user) })
        }
        me.post("notifications", ":notificationID", "read") { request in
            let user = try request.user.id.rawValue
            let id = try request.parameter("notificationID", as: NotificationID.self)
            return try await Reply(request.store.change { try await $0.markRead(id, of: user) })
        }
        me.get("notification-settings") { request in
            try await Reply(NotificationSettings(muted: NotificationQueries(database: request.store.sql).muted(of: request.user.id.rawValue)))
        }
        me.put("notification-settings") { request in
            let user = try request.user.id.rawValue
            let body = try await request.decode(NotificationSettings.self)
            try await request.store.change { try await $0.setMuted(body.muted, for: user) }
            return try await Reply(NotificationSettings(muted: NotificationQueries(database: request.store.sql).muted(of: user)))
        }
    }
}
