import AsyncHTTPClient
import Foundation
import NIOCore

/// One request to Twitch or IGDB and its whole answer, head and body, within `timeout`.
/// Every failure leaves as an `IGDBError`; statuses are the caller's to judge.
struct IGDBHTTP: Sendable {
    struct Answer: Sendable {
        let status: Int
        let body: ByteBuffer
    }

    let client: HTTPClient
    let timeout: Duration
    /// A search of twenty games is a few kilobytes; anything near this is not IGDB.
    static let maxBodyBytes = 2 << 20

    func send(_ request: HTTPClientRequest, to service: String) async throws -> Answer {
        let end = ContinuousClock.now + timeout
        do {
            // AsyncHTTPClient keeps the deadline until the head arrives (and, for a server
            // it cannot connect to, says why); the body is raced against the same end.
            let response = try await client.execute(request, deadline: .now() + TimeAmount(timeout))
            let body = try await Self.collect(response.body, before: end, service: service, timeout: timeout)
            return Answer(status: Int(response.status.code), body: body)
        } catch let error as IGDBError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as HTTPClientError
            where [.deadlineExceeded, .connectTimeout, .getConnectionFromPoolTimeout].contains(error) {
            throw IGDBError.timedOut(service: service, seconds: timeout / .seconds(1))
        } catch is NIOTooManyBytesError {
            throw IGDBError.malformed(service: service, reason: "an answer larger than \(Self.maxBodyBytes) bytes")
        } catch {
            throw IGDBError.unreachable(service: service, reason: String(describing: error))
        }
    }

    /// The body, or `timedOut` at `end`; cancelling the collecting task cancels the request.
    private static func collect(
        _ body: HTTPClientResponse.Body, before end: ContinuousClock.Instant, service: String, timeout: Duration
    ) async throws -> ByteBuffer {
        try await withThrowingTaskGroup(of: ByteBuffer.self) { group in
            group.addTask { try await body.collect(upTo: maxBodyBytes) }
            group.addTask {
                try await Task.sleep(until: end, clock: .continuous)
                throw IGDBError.timedOut(service: service, seconds: timeout / .seconds(1))
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }
}
