import Foundation
import OXOAccounts
import OXOCore
import OXOProtocol
import Vapor

/// What a moderator may do: read reports, delete any message, suspend and reinstate an
/// account. Each write is a change through the store, so its events reach every socket.
struct ModerationService {
    let store: Store

    func reports() async throws -> ReportList {
        ReportList(reports: try await store.reads.reports.newest())
    }

    /// Deletes a message whoever sent it; everyone following its room hears `message_deleted`.
    func deleteMessage(_ id: ChatMessageID) async throws -> ChatMessage {
        let row = try await store.reads.chat.message(id)
        return try await store.change { try await $0.chat.deleteMessage(row) }
    }

    /// Deletes the account named `username` as its owner would (`AccountDeletion`), without
    /// its password; answers who it was.
    func deleteAccount(_ username: String) async throws -> PlayerSummary {
        guard let id = try await PlayerNames.id(ofUsername: username, on: store.sql),
              let player = try await PlayerNames.summary(of: id, on: store.sql)
        else { throw APIError(.playerNotFound, "There is no player named \(username).") }
        try await AccountDeletion(store: store).delete(id)
        return player
    }

    /// Suspends the account named `username` (or reinstates it, with `suspended` false).
    /// Suspending ends its sessions: its sockets close and its tokens stop working.
    func setSuspended(_ username: String, _ suspended: Bool) async throws -> Suspension {
        guard let id = try await PlayerNames.id(ofUsername: username, on: store.sql),
              let player = try await PlayerNames.summary(of: id, on: store.sql)
        else { throw APIError(.playerNotFound, "There is no player named \(username).") }
        _ = try await store.change { change in
            suspended ? try await change.accounts.suspend(id) : try await change.accounts.reinstate(id)
        }
        return Suspension(player: player, suspended: suspended)
    }
}
