extension Cluster {
    /// Runs `body` with a new cluster and a load on it, and stops both however it ends.
    static func underLoad(pairs: Int, watchers: Int, pause: Duration, gamesEach: Int = 1,
                          _ body: (Cluster, Load) async throws -> Void) async throws {
        let cluster = try await Cluster()
        do {
            let load = try await Load.start(on: cluster, pairs: pairs, watchers: watchers, pause: pause, gamesEach: gamesEach)
            do {
                try await body(cluster, load)
            } catch {
                await load.close()
                throw error
            }
            await load.close()
        } catch {
            await cluster.stop()
            throw error
        }
        await cluster.stop()
    }
}
