import Foundation
import MHubTestSupport
import Testing

/// The HomeKit known answers in `Fixtures/hap-vectors.json` (copied from the project's shared test data; made
/// by `shared/peers/hap/gen_vectors.py` with Python's own big integers, hashlib and pyca/cryptography).
struct HAPVectors {
    let root: [String: Any]

    static func load() throws -> HAPVectors {
        let url = try #require(
            Bundle.module.url(forResource: "hap-vectors", withExtension: "json", subdirectory: "Fixtures"))
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        return HAPVectors(root: root)
    }

    /// The bytes of the hex string at `path` (object keys, outermost first).
    func hex(_ path: String...) throws -> [UInt8] {
        bytes(fromHex: try string(path))
    }

    /// The string at `path`.
    func text(_ path: String...) throws -> String {
        try string(path)
    }

    private func string(_ path: [String]) throws -> String {
        var object: [String: Any] = root
        for key in path.dropLast() {
            object = try #require(object[key] as? [String: Any], "no object \(key) on the way to \(path)")
        }
        return try #require(object[path.last!] as? String, "no string at \(path)")
    }
}
