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
    ],
    targets: [
        .target(name: "TicTacToe"),
        .target(name: "OXOProtocol", dependencies: ["TicTacToe"]),
        .target(
            name: "OXOServer",
            dependencies: [
                "TicTacToe", "OXOProtocol",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
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
                "TicTacToe", "OXOServer", "OXOClient",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "TicTacToeTests", dependencies: ["TicTacToe"]),
        .testTarget(name: "OXOProtocolTests", dependencies: ["OXOProtocol"]),
        .testTarget(
            name: "OXOServerTests",
            dependencies: [
                "OXOServer", "OXOClient", "OXOProtocol",
                .product(name: "VaporTesting", package: "vapor"),
            ]
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
