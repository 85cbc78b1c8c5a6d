import Foundation

/// The second peer: python-zeroconf, an mDNS implementation that shares no code with Avahi, running the
/// script `Peers/zeroconf_browse.py`.
public enum ZeroconfPeer {
    public struct Instance: Decodable, Hashable, Sendable {
        public var name: String
        public var type: String
        public var port: UInt16
        public var host: String
        public var addresses: [String]
        /// TXT strings in wire order, as hex.
        public var txt: [String]

        public var txtBytes: [[UInt8]] { txt.map(bytes(fromHex:)) }
    }

    public static var script: String {
        Bundle.module.url(forResource: "Peers/zeroconf_browse", withExtension: "py")?.path
            ?? Bundle.module.bundleURL.appendingPathComponent("Peers/zeroconf_browse.py").path
    }

    /// Whether python-zeroconf can be imported, installing it from PyPI first if it is missing (as
    /// `scripts/test.sh` does). Checked once.
    public static let available: Bool = {
        func importable() -> Bool {
            (try? PeerProcess.run("python3", ["-c", "import zeroconf"], timeout: 30).status) == 0
        }
        if importable() {
            return true
        }
        // Debian's own Python refuses a plain `pip install` (PEP 668); scripts/test.sh tries both too.
        for extra in [[], ["--break-system-packages"]] {
            _ = try? PeerProcess.run(
                "python3", ["-m", "pip", "install", "--quiet"] + extra + ["zeroconf"], timeout: 300)
            if importable() {
                return true
            }
        }
        return false
    }()

    /// Makes sure the peer can run: in CI a missing peer fails the test; elsewhere it is reported and skipped.
    public static func require() throws -> Bool {
        if available {
            return true
        }
        if AvahiDaemon.inCI {
            throw PeerTestFailure("python-zeroconf is missing and could not be installed with pip")
        }
        print("ZeroconfPeer: python-zeroconf is missing and could not be installed; its checks are skipped")
        return false
    }

    /// Browses each of `types` for up to `seconds`, stopping early once every `expected` (type, instance)
    /// pair has resolved. `interface` (an IPv4 address such as `127.0.0.1`) keeps the browser's queries on
    /// that interface.
    public static func browse(
        _ types: [String], expecting expected: [(type: String, name: String)], seconds: Double,
        interface: String? = nil
    ) throws -> [String: [Instance]] {
        var arguments = [script, "--seconds", String(seconds)]
        if let interface {
            arguments += ["--interface", interface]
        }
        for (type, name) in expected {
            arguments += ["--expect", "\(type)=\(name)"]
        }
        let result = try PeerProcess.run("python3", arguments + types, timeout: seconds + 15)
        guard result.status == 0, let data = result.output.data(using: .utf8) else {
            throw PeerTestFailure("zeroconf_browse.py failed (\(result.status)): \(result.errors)")
        }
        return try JSONDecoder().decode([String: [Instance]].self, from: data)
    }
}

public func bytes(fromHex hex: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var index = hex.startIndex
    while let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex), index < hex.endIndex {
        bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
        index = next
    }
    return bytes
}
