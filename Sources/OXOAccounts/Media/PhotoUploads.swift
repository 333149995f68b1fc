import OXOCore

/// Photo uploads per user, avatars and chat photos alike.
package enum PhotoUploads: ContextKey {
    package static func make(_ configuration: ServerConfiguration) -> RateLimiter {
        RateLimiter(kind: "photo_uploads", limit: configuration.uploadLimit, window: 3600, clock: configuration.clock)
    }
}

/// Photo bodies being read at once, per user and in all.
enum UploadsInFlight: ContextKey {
    static func make(_ configuration: ServerConfiguration) -> BodiesInFlight {
        BodiesInFlight(perUser: configuration.uploadsInFlightPerUser, total: configuration.uploadsInFlight)
    }
}
