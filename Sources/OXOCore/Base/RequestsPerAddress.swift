import Vapor

/// The first check every request meets after the error responder: one client address
/// may not ask faster than its `AddressBudget` allows, whatever it asks for and whether
/// or not it signed in. It runs before any file is read, any token is looked up or
/// any socket is upgraded, so a client that asks in a tight loop costs the server the
/// least a request can cost.
package struct RequestsPerAddress: Middleware {
    let budget: AddressBudget

    package init(budget: AddressBudget) {
        self.budget = budget
    }

    package func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        do {
            try budget.spend(request.clientAddress)
        } catch {
            ServerMetrics.rateLimited("requests_per_address")
            return request.eventLoop.makeFailedFuture(error)
        }
        return next.respond(to: request)
    }
}
