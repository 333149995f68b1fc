import OXOCore
import OXOProtocol
import Vapor

/// The caller's own inbox and its settings; nobody else's is reachable.
package struct NotificationRoutes {
    package init() {}

    package func register(signedIn routes: any RoutesBuilder) {
        routes.on(Operations.listNotifications) { request in
            let (limit, cursor) = try request.pageQuery()
            return try await Reply(request.store.reads.notifications.page(
                of: request.user.id.rawValue, cursor: cursor, limit: limit))
        }
        routes.on(Operations.markAllNotificationsRead) { request in
            let user = try request.user.id.rawValue
            return try await Reply(request.store.change { try await $0.notifications.markRead(nil, of: user) })
        }
        routes.on(Operations.markNotificationRead) { request in
            let user = try request.user.id.rawValue
            let id = try request.parameter("notificationID", as: NotificationID.self)
            return try await Reply(request.store.change { try await $0.notifications.markRead(id, of: user) })
        }
        routes.on(Operations.getNotificationSettings) { request in
            try await Reply(NotificationSettings(muted: request.store.reads.notifications.muted(of: request.user.id.rawValue)))
        }
        routes.on(Operations.setNotificationSettings) { request in
            let user = try request.user.id.rawValue
            let body = try await request.decode(NotificationSettings.self)
            try await request.store.change { try await $0.notifications.setMuted(body.muted, for: user) }
            return try await Reply(NotificationSettings(muted: request.store.reads.notifications.muted(of: user)))
        }
    }
}
