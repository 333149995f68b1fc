import FluentKit
import NIOCore
import NIOHTTP1
import OXOProtocol
import PostgresNIO
import Vapor

extension ErrorCode {
    var status: HTTPResponseStatus {
        switch self {
        case .malformedJSON, .invalidRequest, .invalidUsername, .invalidEmail, .weakPassword, .invalidDisplayName,
             .noSuchCell, .invalidTimeControl:
            .badRequest
        case .unauthorized, .invalidCredentials: .unauthorized
        case .forbidden, .insufficientScope, .notAPlayer, .blocked, .accountSuspended, .notForBots: .forbidden
        case .notFound, .gameNotFound, .playerNotFound, .challengeNotFound, .friendRequestNotFound, .notificationNotFound,
             .catalogueGameNotFound, .conversationNotFound, .messageNotFound:
            .notFound
        case .methodNotAllowed: .methodNotAllowed
        case .payloadTooLarge, .imageTooLarge: .payloadTooLarge
        case .unsupportedImage: .unsupportedMediaType
        case .imageDimensionsTooLarge, .imageCorrupt, .messageEmpty, .messageTooLong, .photoNotFound: .unprocessableEntity
        case .rateLimited: .tooManyRequests
        case .usernameTaken, .emailTaken, .seatTaken, .alreadySeated, .waitingForOpponent, .notYourTurn,
             .cellOccupied, .closedBoard, .wrongBoard, .gameOver, .staleState, .rematchUnavailable, .opponentPresent, .claimTooEarly,
             .gameStarted, .hintUnavailable, .gameNotFinished, .outOfTime, .playerOffline, .challengePending, .challengeClosed,
             .chatUnavailable, .chatClosed, .hasPlayedGames:
            .conflict
        // Mailed links and passwords (issue 32).
        case .invalidToken: .badRequest
        case .wrongPassword: .forbidden
        // Two-step sign-in: a missing second factor is a credential not yet given.
        case .secondFactorRequired: .unauthorized
        case .invalidSecondFactor: .forbidden
        case .secondFactorEnabled, .secondFactorNotEnabled: .conflict
        case .invalidPushSubscription: .badRequest
        case .tournamentNotFound: .notFound
        case .tournamentClosed, .tournamentLimitReached: .conflict
        case .tournamentCodeRequired, .botsNotAllowed, .notTournamentCreator: .forbidden
        case .storageUnavailable, .shuttingDown, .databaseUnavailable: .serviceUnavailable
        case .internalError: .internalServerError
        }
    }
}

/// Turns every error into the wire's JSON error with a stable code. Client mistakes are
/// logged at notice level with the request id; anything else is the server's fault,
/// logged as an error, and answered without its details.
package struct ErrorResponder: Middleware {
    package init() {}

    /// How long a `rate_limited` answer is held back.
    static let refusalDelay = TimeAmount.seconds(1)

    package func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        next.respond(to: request).flatMapError { error in
            let apiError = Self.apiError(for: error)
            // A stopping process refusing work is expected, not a failure.
            if apiError.code == .databaseUnavailable {
                // Expected while the primary fails over: one line each, not a failure's.
                request.logger.warning("database unavailable", metadata: ["error": "\(String(describing: error).prefix(200))"])
            } else if apiError.code.status.code >= 500, apiError.code != .shuttingDown {
                request.logger.error("request failed", metadata: ["error": "\(String(reflecting: error))"])
            } else {
                request.logger.notice("request refused", metadata: ["code": "\(apiError.code.rawValue)"])
                if apiError.code.status.code < 500 { ServerMetrics.requestRefused(apiError.code.rawValue) }
            }
            let response: Response
            do {
                response = try Response.json(ErrorResponse(error: apiError), status: apiError.code.status)
            } catch {
                return request.eventLoop.makeFailedFuture(error)
            }
            // Such as the `Allow` of a 405.
            if let abort = error as? any AbortError { response.headers.add(contentsOf: abort.headers) }
            if apiError.code == .shuttingDown || apiError.code == .databaseUnavailable || error is ConnectionPoolTimeoutError {
                // Worth sending again in a second: a stopping process's next try, through
                // the balancer, reaches another node at once (Vapor closes the connection,
                // which goes with this process); a busy database has had a moment.
                response.headers.replaceOrAdd(name: .retryAfter, value: "1")
            }
            guard apiError.code == .rateLimited else { return request.eventLoop.makeSucceededFuture(response) }
            // Every refusal for going too fast says when to come back.
            let wait = (error as? TooManyAttempts)?.retryAfter ?? 1
            response.headers.replaceOrAdd(name: .retryAfter, value: "\(Int(wait))")
            // And comes a moment late: a client that asks again the instant it is refused,
            // in a loop, then asks once a second instead of hundreds of times, and a
            // waiting connection costs the server nothing.
            return request.eventLoop.scheduleTask(in: Self.refusalDelay) { response }.futureResult
        }
    }

    package static func apiError(for error: any Error) -> APIError {
        switch error {
        case let error as APIError:
            return error
        case let error as TooManyAttempts:
            return error.error
        case let error where DatabaseUnavailable.recognises(error):
            ServerMetrics.databaseUnavailable()
            return APIError(.databaseUnavailable,
                            "The server lost its database connection (a failover under way?); send the same request again in a moment.")
        case is StorageUnavailable:
            return APIError(.storageUnavailable, "The server cannot store anything right now; nothing was changed. Try again later.")
        case let error as any DatabaseError where error.isConnectionClosed:
            return APIError(.storageUnavailable, "The server cannot reach its database right now; try again later.")
        case is ConnectionPoolTimeoutError:
            // Every connection of the pool (or every one of SQLite's readers) stayed busy for
            // as long as a request may wait for one (`databaseWait`): more work than the
            // database serves came at once.
            return APIError(.storageUnavailable, "The server is too busy to reach its database right now; try again in a moment.")
        case is HTTPParserError:
            // Most often a body cut short: the client went away mid-request. Its fault, not the server's.
            return APIError(.invalidRequest, "The request was not valid HTTP, or ended before its body did.")
        case let error as DecodingError:
            return APIError(error)
        case let abort as any AbortError:
            switch abort.status {
            case .notFound: return APIError(.notFound, "There is nothing at this address.")
            case .methodNotAllowed: return APIError(.methodNotAllowed, "This address does not take that method.")
            case .payloadTooLarge: return APIError(.payloadTooLarge, "The request body is too large.")
            case .unauthorized: return APIError(.unauthorized, "Sign in first.")
            case .forbidden: return APIError(.forbidden, "This is not yours to do.")
            case .tooManyRequests: return APIError(.rateLimited, "Too many requests; slow down.")
            case let status where status.code >= 400 && status.code < 500:
                return APIError(.invalidRequest, abort.reason)
            default:
                return APIError(.internalError, "Something went wrong on the server.")
            }
        default:
            return APIError(.internalError, "Something went wrong on the server.")
        }
    }
}

/// The PostgreSQL connection failed under a request: the server closed it (its primary
/// died, HAProxy cut the sessions of a server marked down), it could not be opened (no
/// primary yet), or the server is one that stopped being the primary. A client is answered
/// `503 database_unavailable`, sends the same request again, and the pool opens new
/// connections to whichever server is the primary by then.
package enum DatabaseUnavailable {
    package static func recognises(_ error: any Error) -> Bool {
        switch error {
        case let error as PSQLError:
            switch error.code {
            case .serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown,
                 .failedToAddSSLHandler, .messageDecodingFailure, .unexpectedBackendMessage:
                return true
            case .server:
                // 08: connection exceptions; 57P01–57P03: the server shuts down or cannot take
                // connections yet; 25006: a write on a server that is (now) a standby.
                let state = error.serverInfo?[.sqlState] ?? ""
                return state.hasPrefix("08") || ["57P01", "57P02", "57P03", "25006"].contains(state)
            default:
                return false
            }
        case is NIOConnectionError, is ChannelError, is TransactionOverdue:
            return true
        case let error as IOError:
            return [ECONNREFUSED, ECONNRESET, EPIPE, ETIMEDOUT].contains(error.errnoCode)
        default:
            return false
        }
    }
}
