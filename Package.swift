// swift-tools-version: 6.0
import PackageDescription

// Layers (docs/architecture.md): pure targets (Matter*, MHubCommandLine, MHubJSON, MHubConfiguration, MHubProtocol,
// MHubHub, MHubDaemonRules, …) import Foundation at most; C libraries enter through one `C*` system-library target
// each, imported by exactly one Swift target; executables only wire. The daemon's I/O targets use Glibc (Linux
// only); the client library (MHubClient) keeps its system calls in one small shim (ClientPlatform.swift) with a
// Darwin branch, so it builds for macOS too (not built in CI here).
let package = Package(
    name: "mhub",
    products: [
        .executable(name: "mhubd", targets: ["mhubd"]),
        .executable(name: "mhubctl", targets: ["mhubctl"]),
        .library(name: "MatterOnboarding", targets: ["MatterOnboarding"]),
        .library(name: "MHubClient", targets: ["MHubClient"]),
        .library(name: "MHubProtocol", targets: ["MHubProtocol"]),
        // The pure codecs the fuzz targets drive (fuzz/Package.swift); a package can only depend on products.
        .library(name: "MatterTLV", targets: ["MatterTLV"]),
        .library(name: "MatterMessage", targets: ["MatterMessage"]),
        .library(name: "MatterSecureChannel", targets: ["MatterSecureChannel"]),
        .library(name: "MatterInteraction", targets: ["MatterInteraction"]),
        .library(name: "MatterDataModel", targets: ["MatterDataModel"]),
        .library(name: "MHubWebSocket", targets: ["MHubWebSocket"]),
        .library(name: "MHubJSON", targets: ["MHubJSON"]),
        .library(name: "MHubConfiguration", targets: ["MHubConfiguration"]),
        .library(name: "MHubHub", targets: ["MHubHub"]),
        .library(name: "MatterCrypto", targets: ["MatterCrypto"]),
        .library(name: "MatterCredentials", targets: ["MatterCredentials"]),
        .library(name: "MatterUDC", targets: ["MatterUDC"]),
        // Throw-away hubs for other projects' test suites (docs/testing.md).
        .library(name: "MHubTesting", targets: ["MHubTesting"]),
    ],
    targets: [
        // Pure codecs and models.
        .target(name: "MatterTLV"),
        .target(name: "MatterOnboarding", dependencies: ["MatterTLV"]),
        .target(name: "MatterDataModel"),
        .target(name: "MHubWebSocket", dependencies: ["MHubJSON"]),
        .target(name: "MHubCommandLine"),
        // JSON values, the strict parser and the writer, with the one Base64 and the one hexadecimal codec.
        .target(name: "MHubJSON"),
        // The daemon's configuration and the service manager's environment, read without I/O.
        .target(name: "MHubConfiguration", dependencies: ["MHubJSON", "MatterOnboarding"]),
        // The control protocol the daemon and the client share: its commands, scopes, error codes and envelope.
        .target(name: "MHubProtocol", dependencies: ["MHubJSON"]),
        .target(
            name: "MHubHub",
            dependencies: [
                "MHubConfiguration", "MHubJSON", "MHubProtocol", "MatterOnboarding", "MatterDataModel",
                "MatterInteraction",
                "MatterNode", "MatterCredentials",
            ]
        ),
        .target(name: "MatterMessage", dependencies: ["MatterCrypto"]),
        .target(
            name: "MatterSecureChannel",
            dependencies: ["MatterTLV", "MatterCrypto", "MatterMessage", "MatterCredentials"]
        ),
        .target(name: "MatterInteraction", dependencies: ["MatterTLV", "MatterDataModel", "MatterMessage"]),
        .target(name: "MatterCredentials", dependencies: ["MatterTLV", "MatterCrypto"]),
        // The hub's Matter node as a value: sessions, exchanges, the commissioning clusters, the fabric table.
        .target(
            name: "MatterNode",
            dependencies: [
                "MatterTLV", "MatterCrypto", "MatterMessage", "MatterSecureChannel", "MatterInteraction",
                "MatterCredentials", "MatterDataModel",
            ]
        ),
        .target(name: "MHubDNSSD"),
        .target(name: "MatterUDC", dependencies: ["MatterTLV", "MatterMessage"]),
        .target(
            name: "MHubDiscovery",
            dependencies: [
                "MHubConfiguration", "MHubJSON", "MHubHub", "MHubProtocol", "MHubDNSSD", "MatterDataModel", "MatterUDC",
            ]
        ),
        // The daemon's rules as values, no I/O: which requests commit together, what waits while commits fail and
        // when it is retried, who the connection gate admits, when a timer re-arms, when the Matter port wakes.
        .target(
            name: "MHubDaemonRules", dependencies: ["MHubConfiguration", "MHubHub", "MatterDataModel", "MatterMessage"]
        ),

        // C libraries from Debian packages.
        .systemLibrary(name: "CLinux"),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CQRencode",
            pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]
        ),
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(
            name: "CAvahi",
            pkgConfig: "avahi-client",
            providers: [.apt(["libavahi-client-dev"])]
        ),

        // The dashboard page (docs/dashboard.md): its files in Assets/, built into the binary by the plugin, and
        // the pure router from an HTTP request to its response.
        .target(
            name: "MHubDashboard", dependencies: ["MHubWebSocket"], exclude: ["Assets"],
            plugins: ["DashboardAssets"]
        ),
        .plugin(name: "DashboardAssets", capability: .buildTool(), dependencies: ["mhub-embed-assets"]),
        .executableTarget(name: "mhub-embed-assets", dependencies: ["MHubJSON"]),

        // Wrappers and I/O.
        .target(name: "MHubPOSIX"),
        // The daemon's event loop: the poller, socket sources and output queues, listeners, the one deadline timer
        // and the one monotonic clock, and the log.
        .target(name: "MHubEventLoop", dependencies: ["MHubConfiguration", "MHubDaemonRules", "MHubPOSIX", "CLinux"]),
        // The hub's Matter port: UDP and TCP sockets, connections and the one timer that run the MatterNode value.
        .target(
            name: "MHubMatterPort",
            dependencies: [
                "MHubConfiguration", "MHubDaemonRules", "MHubEventLoop", "MHubHub", "MHubPOSIX", "MHubStore",
                "MatterCredentials", "MatterCrypto", "MatterInteraction", "MatterMessage", "MatterNode",
            ]),
        // The control server: the listeners, the connections and their framings (JSON lines, WebSocket), the gate
        // that bounds them, and the dashboard's serving.
        .target(
            name: "MHubControlServer",
            dependencies: [
                "MHubConfiguration", "MHubDaemonRules", "MHubDashboard", "MHubEventLoop", "MHubHub", "MHubPOSIX",
                "MHubProtocol", "MHubQRCode", "MHubWebSocket",
            ]),
        .target(name: "MHubQRCode", dependencies: ["CQRencode"]),
        .target(name: "MatterCrypto", dependencies: ["CCrypto"]),
        .target(name: "MHubAvahi", dependencies: ["MHubDNSSD", "CAvahi"]),
        // The Swift client: pure targets and its own small platform shim (ClientPlatform), so it builds on macOS too.
        .target(name: "MHubClient", dependencies: ["MHubJSON", "MHubProtocol", "MHubWebSocket", "MatterDataModel"]),
        .target(name: "MHubTesting", dependencies: ["MHubClient", "MHubJSON"]),
        // The hub's durable state: the SQLite wrapper and `HubStore`.
        .target(
            name: "MHubStore",
            dependencies: [
                "MHubConfiguration", "MHubJSON", "MHubHub", "MHubProtocol", "MatterDataModel", "MatterNode",
                "MatterCredentials",
                "CSQLite",
            ]
        ),
        // The daemon: the hub service (inputs, commits, delivery), the store's wiring, discovery (DNS-SD, UDC),
        // systemd, signals and this run's files.
        .target(
            name: "MHubDaemon",
            dependencies: [
                "MHubConfiguration", "MHubJSON", "MHubProtocol", "MHubHub", "MHubStore", "MHubPOSIX", "MHubEventLoop",
                "MHubControlServer", "MHubMatterPort", "MHubDNSSD", "MHubAvahi", "MHubDiscovery", "MHubDaemonRules",
                "MatterUDC",
            ]
        ),
        .target(
            name: "MHubControl",
            dependencies: [
                "MatterOnboarding", "MatterDataModel", "MHubCommandLine", "MHubConfiguration", "MHubJSON",
                "MHubProtocol", "MHubQRCode",
                "MHubClient",
            ]
        ),

        // Executables: argument wiring only.
        .executableTarget(
            name: "mhubd",
            dependencies: [
                "MHubConfiguration", "MHubJSON", "MHubProtocol", "MHubDaemon", "MHubEventLoop", "MHubCommandLine",
            ]),
        .executableTarget(name: "mhubctl", dependencies: ["MHubControl"]),

        // Examples/: the Google Home APIs' flow as an app and its extension, two processes (README, "Examples").
        .target(name: "MHubExampleSupport", dependencies: ["MHubClient"], path: "Examples/Support"),
        .executableTarget(
            name: "mhub-example-app", dependencies: ["MHubClient", "MHubExampleSupport"], path: "Examples/HomeApp"),
        .executableTarget(
            name: "mhub-example-extension", dependencies: ["MHubClient", "MHubExampleSupport"],
            path: "Examples/AddDeviceExtension"),

        // Tests, and what they share.
        .target(name: "MHubTestSupport", path: "Tests/MHubTestSupport"),
        // The DNS-SD peers (avahi-browse, python-zeroconf) and avahi-daemon control the peer tests share.
        .executableTarget(
            name: "mhub-bench",
            dependencies: [
                "CLinux", "MHubClient", "MHubConfiguration", "MHubJSON", "MHubPOSIX", "MHubWebSocket", "MatterCrypto",
                "MatterSecureChannel", "MatterTestSupport", "MatterDataModel", "MatterInteraction", "MatterMessage",
            ],
            path: "bench/Sources/mhub-bench"
        ),
        .target(name: "DNSSDPeerSupport", path: "Tests/DNSSDPeerSupport", resources: [.copy("Peers")]),
        .target(
            name: "MatterTestSupport",
            dependencies: [
                "MatterCrypto", "MatterMessage", "MatterSecureChannel", "MatterInteraction", "MatterCredentials",
                "MatterNode", "MatterTLV", "MHubTestSupport", "MatterDataModel",
            ],
            path: "Tests/MatterTestSupport"
        ),
        .testTarget(name: "MatterTLVTests", dependencies: ["MatterTLV"]),
        // The Swift test helper's own examples, against a real mhubd (built beside them: the dependency).
        .testTarget(
            name: "MHubTestingTests",
            dependencies: ["MHubTesting", "MHubClient", "MHubConfiguration", "MHubJSON", "mhubd"]),
        .testTarget(name: "MHubDNSSDTests", dependencies: ["MHubDNSSD"]),
        .testTarget(name: "MHubAvahiTests", dependencies: ["MHubAvahi", "MHubDNSSD", "DNSSDPeerSupport"]),
        .testTarget(name: "MatterUDCTests", dependencies: ["MatterUDC", "MatterTLV", "MatterMessage"]),
        .testTarget(
            name: "MHubDiscoveryTests",
            dependencies: ["MHubDiscovery", "MHubConfiguration", "MHubHub", "MHubProtocol", "MHubDNSSD", "MatterUDC"]
        ),
        .testTarget(name: "MatterDataModelTests", dependencies: ["MatterDataModel"]),
        .testTarget(
            name: "MHubControlServerTests",
            dependencies: ["MHubControlServer", "MHubConfiguration", "MHubHub", "MHubProtocol", "MHubWebSocket"]),
        .testTarget(
            name: "MHubDaemonRulesTests",
            dependencies: ["MHubDaemonRules", "MHubConfiguration", "MHubHub", "MHubProtocol", "MatterMessage"]),
        .testTarget(
            name: "MHubEventLoopTests",
            dependencies: ["MHubEventLoop", "MHubConfiguration", "MHubPOSIX", "MHubTestSupport"]),
        .testTarget(name: "MHubWebSocketTests", dependencies: ["MHubWebSocket", "MHubJSON"]),
        .testTarget(
            name: "MHubDashboardTests", dependencies: ["MHubDashboard", "MHubWebSocket"],
            exclude: ["golden-messages.mjs"]),
        .testTarget(
            name: "MHubDaemonTests",
            dependencies: [
                "MHubDaemon", "MHubConfiguration", "MHubJSON", "MHubHub", "MHubPOSIX", "MHubProtocol", "MHubStore",
                "MHubTestSupport", "MatterDataModel", "MatterMessage", "MHubWebSocket", "MHubEventLoop",
                "MHubControlServer", "MHubDaemonRules",
            ]
        ),
        .testTarget(
            name: "MatterNodeTests",
            dependencies: [
                "MatterNode", "MHubConfiguration", "MHubHub", "MHubProtocol", "MatterCrypto", "MatterMessage",
                "MatterSecureChannel", "MatterInteraction", "MatterDataModel", "MatterCredentials", "MatterTLV",
                "MatterTestSupport", "MHubTestSupport",
            ]
        ),
        .testTarget(
            name: "MHubStoreTests",
            dependencies: [
                "MHubStore", "MHubConfiguration", "MHubJSON", "MHubHub", "MHubProtocol", "MatterDataModel",
                "MatterNode",
                "MatterCredentials",
                "MHubTestSupport", "MHubDaemonRules",
            ]
        ),
        .testTarget(
            name: "MatterInteractionTests",
            dependencies: ["MatterInteraction", "MatterTLV", "MatterDataModel", "MatterMessage", "MatterCrypto"]
        ),
        .testTarget(
            name: "MatterOnboardingTests",
            dependencies: ["MHubTestSupport", "MatterOnboarding", "MatterTLV"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "MatterCryptoTests", dependencies: ["MHubTestSupport", "MatterCrypto"], resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "MatterMessageTests",
            dependencies: ["MHubTestSupport", "MatterMessage", "MatterCrypto"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "MatterSecureChannelTests",
            dependencies: [
                "MHubTestSupport", "MatterSecureChannel", "MatterMessage", "MatterCrypto", "MatterTLV",
                "MatterCredentials",
                "MatterTestSupport",
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "MatterCredentialsTests",
            dependencies: ["MHubTestSupport", "MatterCredentials", "MatterCrypto", "MatterTLV"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "MHubCommandLineTests", dependencies: ["MHubCommandLine"]),
        // docs/architecture.md's table against this file and the sources' imports.
        .testTarget(name: "PackageShapeTests"),
        .testTarget(name: "MHubConfigurationTests", dependencies: ["MHubConfiguration", "MHubJSON", "MHubProtocol"]),
        .testTarget(name: "MHubJSONTests", dependencies: ["MHubJSON", "MHubTestSupport"]),
        .testTarget(name: "MHubProtocolTests", dependencies: ["MHubProtocol", "MHubJSON"], exclude: ["Fixtures"]),
        .testTarget(
            name: "MHubClientTests",
            dependencies: ["MHubClient", "MHubConfiguration", "MHubProtocol", "MHubTestSupport"]),
        .testTarget(
            name: "MHubHubTests",
            dependencies: [
                "MHubHub", "MHubProtocol", "MatterOnboarding", "MatterDataModel", "MatterNode", "MHubConfiguration",
                "MHubJSON", "MatterInteraction", "MHubStore",
            ]
        ),
        .testTarget(name: "MHubControlTests", dependencies: ["MHubControl", "MHubQRCode", "MHubJSON", "MHubProtocol"]),
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "mhubd", "mhubctl", "mhub-example-app", "mhub-example-extension", "MHubConfiguration", "MHubJSON",
                "MHubClient", "MHubProtocol", "MHubDNSSD", "DNSSDPeerSupport", "MatterCrypto", "MatterCredentials",
                "MatterMessage", "MatterSecureChannel", "MatterInteraction", "MatterDataModel", "MatterTestSupport",
                "MHubTestSupport", "MHubTesting", "MHubWebSocket", "MatterTLV",
            ],
            exclude: ["Peers"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
