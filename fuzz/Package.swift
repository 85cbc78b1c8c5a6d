// swift-tools-version: 5.4
// Tools version 5.4, not 6: from 5.5 SwiftPM renames an executable's entry point to `<module>_main` and links
// `main` to it, but a libFuzzer target has no entry point of its own (libFuzzer's `main` calls
// `LLVMFuzzerTestOneInput`), so the link fails. Build with scripts/fuzz.sh.
import PackageDescription

/// The fuzz targets, by name (executable and Sources/ directory `fuzz-<name>`, seeds in corpus/<name>), with the
/// main package's products each one drives. The targets compile in Swift 5 mode, the default of this tools version.
let fuzzTargets: [(name: String, products: [String])] = [
    ("onboarding", ["MatterOnboarding"]),
    ("control-request", ["MHubHub", "MHubJSON"]),
    ("websocket-frames", ["MHubWebSocket"]),
    ("http-head", ["MHubWebSocket"]),
    ("matter-message", ["MatterMessage"]),
    ("tlv", ["MatterTLV"]),
    ("pase-responder", ["MatterSecureChannel", "MatterMessage", "MatterCrypto"]),
    ("case-responder", ["MatterSecureChannel", "MatterMessage", "MatterCrypto", "MatterCredentials"]),
    ("read-request", ["MatterInteraction"]),
    ("write-request", ["MatterInteraction", "MatterDataModel", "MatterMessage"]),
    ("invoke-request", ["MatterInteraction", "MatterDataModel", "MatterMessage", "MatterTLV"]),
    ("subscribe-request", ["MatterInteraction", "MatterDataModel", "MatterMessage"]),
    ("certificate", ["MatterCredentials"]),
    ("udc-declaration", ["MatterUDC"]),
    ("line-splitter", ["MHubConfiguration"]),
    ("hap-tlv8", ["HomeKitAccessory"]),
    ("hap-http", ["HomeKitAccessory"]),
]

let package = Package(
    name: "mhub-fuzz",
    dependencies: [.package(name: "mhub", path: "..")],
    targets: [.target(name: "FuzzSupport")]
        + fuzzTargets.map { target in
            .executableTarget(
                name: "fuzz-\(target.name)",
                dependencies: ["FuzzSupport"] + target.products.map { .product(name: $0, package: "mhub") }
            )
        }
)
