import OXOClient
import OXOProtocol
import TicTacToe

@available(macOS 14.0, *)
extension OnlineApp {
    /// A new listed game on `variant`'s board (classic when nil). `LobbyModel.createGame`
    /// makes classic games only, so another board is asked of the client the model wraps,
    /// and a refusal read as the model reads one.
    func createGame(side: Mark, variant: Variant?) async -> Result<GameView, Refusal> {
        guard let variant, variant != .classic else { return await lobby.createGame(side: side) }
        do {
            return .success(try await live.client.createGame(side: side, listed: true, variant: variant))
        } catch let refusal as APIError {
            return .failure(Refusal(code: refusal.code, message: refusal.message))
        } catch {
            return .failure(Refusal(code: nil, message: String(describing: error)))
        }
    }
}
