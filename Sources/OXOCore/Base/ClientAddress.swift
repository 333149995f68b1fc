import Vapor

extension Request {
    /// The address of the client that sent this request, for the limits per address. It
    /// is the peer's address; only when the peer is one of the configured trusted proxies
    /// is it read from `X-Forwarded-For`: the nearest hop that is not itself a trusted
    /// proxy. Any client can write the header, so it is never believed otherwise.
    package var clientAddress: String {
        let trusted = application.oxo.configuration.trustedProxies
        var address = remoteAddress?.ipAddress ?? "unknown"
        guard trusted.contains(address) else { return address }
        let hops = headers[.xForwardedFor]
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        for hop in hops.reversed() where !hop.isEmpty {
            address = hop
            if !trusted.contains(hop) { break }
        }
        return address
    }
}
