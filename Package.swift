// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "OXO",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "TicTacToe", targets: ["TicTacToe"]),
        .library(name: "OXOProtocol", targets: ["OXOProtocol"]),
        .library(name: "OXOClient", targets: ["OXOClient"]),
        .executable(name: "oxo", targets: ["oxo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.0"),
        .package(url: "https://github.com/vapor/fluent.git", from: "4.13.0"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver.git", from: "4.9.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver.git", from: "2.14.0"),
        .package(url: "https://github.com/vapor/websocket-kit.git", from: "2.16.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.0"),
        // Metrics: the API every level records through, and the Prometheus text /metrics serves.
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        // Already in the graph through Vapor; the mail sender's STARTTLS names it directly.
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.0"),
        // Already in the graph through Vapor; Web Push encrypts (P-256, HKDF, AES-GCM) and signs with it.
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        // Already in the graph through SwiftNIO; a socket's inbox is a Deque, which holds no
        // memory while empty.
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.1.0"),
    ],
    targets: [
        .target(name: "TicTacToe"),
        .target(name: "OXOProtocol", dependencies: ["TicTacToe"]),
        // The server stands on levels, each a target that may import only those below it,
        // so the compiler keeps the domains apart (docs/ARCHITECTURE.md draws the graph):
        // core (Base, Storage) < accounts (Accounts, Media, Blocks)
        // < play (Games, Presence, Challenges, Matchmaking, Ratings)
        // < social (Social, Chat, Catalogue, Profiles, Moderation)
        // < server (Realtime, Housekeeping, Root).
        .target(
            name: "OXOCore",
            dependencies: [
                "TicTacToe", "OXOProtocol",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "Metrics", package: "swift-metrics"),
            ]
        ),
        .target(
            name: "OXOAccounts",
            dependencies: [
                "OXOCore", .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(name: "OXOPlay", dependencies: ["OXOAccounts"]),
        .target(name: "OXOSocial", dependencies: ["OXOPlay"], resources: [.copy("Resources")]),
        .target(
            name: "OXOServer",
            dependencies: [
                "OXOSocial", .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "DequeModule", package: "swift-collections"),
            ],
            resources: [.copy("Resources")]
        ),
        .target(
            name: "OXOClient",
            dependencies: [
                "OXOProtocol",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "WebSocketKit", package: "websocket-kit"),
            ]
        ),
        .executableTarget(
            name: "oxo",
            dependencies: [
                "TicTacToe", "OXOCore", "OXOServer", "OXOClient",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The web client travels with the binary (Sources/oxo/Public links to the
            // repository's Public/), so an installed `oxo serve` serves it from anywhere.
            resources: [.copy("Public")]
        ),
        .testTarget(name: "TicTacToeTests", dependencies: ["TicTacToe"]),
        .testTarget(name: "OXOProtocolTests", dependencies: ["OXOProtocol"]),
        .testTarget(
            name: "OXOServerTests",
            dependencies: [
                "OXOCore", "OXOAccounts", "OXOPlay", "OXOSocial", "OXOServer", "OXOClient", "OXOProtocol",
                .product(name: "VaporTesting", package: "vapor"),
                // The push service's stand-in checks VAPID and decrypts with it.
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // Allocation counting (docs/ARCHITECTURE.md, "Measuring"). The counter is C, for it
        // defines malloc and its kin, and a plain target, for SwiftPM has no test-only C
        // target; it lives under Tests/ as nothing but the tests links it. All test targets
        // link into one test binary on Linux, so every suite allocates through its counting hooks.
        .target(name: "CAllocationCounter", path: "Tests/CAllocationCounter"),
        .testTarget(
            name: "OXOAllocationTests",
            dependencies: ["CAllocationCounter", "OXOCore", "OXOServer", "OXOClient", "OXOProtocol", "TicTacToe"],
            resources: [.copy("allocations-per-move.json")]
        ),
        .testTarget(name: "oxoTests", dependencies: ["oxo", "OXOClient", "OXOProtocol", "TicTacToe"]),
        .testTarget(
            name: "OXOClientTests",
            dependencies: [
                "OXOClient", "OXOProtocol", "TicTacToe",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
    ]
)
