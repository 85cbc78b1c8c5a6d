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

    /// The Python that runs the peer: the peer environment `scripts/peers-venv.sh` makes (scripts/test.sh
    /// exports it as `MHUB_PEERS_PYTHON`), else `python3`.
    public static var python: String {
        ProcessInfo.processInfo.environment["MHUB_PEERS_PYTHON"] ?? "python3"
    }

    /// Whether python-zeroconf can be imported. Checked once.
    public static let available: Bool =
        (try? PeerProcess.run(python, ["-c", "import zeroconf"], timeout: 30).status) == 0

    /// Makes sure the peer can run: in CI a missing peer fails the test; elsewhere it is reported and skipped.
    public static func require() throws -> Bool {
        if available {
            return true
        }
        if AvahiDaemon.inCI {
            throw PeerTestFailure("python-zeroconf is missing: run scripts/peers-venv.sh (scripts/test.sh does)")
        }
        print("ZeroconfPeer: python-zeroconf is missing (scripts/peers-venv.sh installs it); its checks are skipped")
        return false
    }

    /// Browses each of `types` for up to `seconds`, stopping early once every `expected` (type, instance)
    /// pair has resolved. `interface` (an IPv4 address such as `127.0.0.1`) keeps the browser's queries on
    /// that interface. `launcher` runs the browser through another program first, e.g. `ip netns exec mh-ctl`
    /// (`NetworkNamespacePair.launcher(in:)`).
    public static func browse(
        _ types: [String], expecting expected: [(type: String, name: String)], seconds: Double,
        interface: String? = nil, launcher: (program: URL, arguments: [String])? = nil
    ) throws -> [String: [Instance]] {
        var arguments = [script, "--seconds", String(seconds)]
        if let interface {
            arguments += ["--interface", interface]
        }
        for (type, name) in expected {
            arguments += ["--expect", "\(type)=\(name)"]
        }
        let (program, prefix) = launcher.map { ($0.program.path, $0.arguments + [python]) } ?? (python, [])
        let result = try PeerProcess.run(program, prefix + arguments + types, timeout: seconds + 15)
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
