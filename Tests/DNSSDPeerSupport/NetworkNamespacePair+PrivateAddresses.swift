import Foundation

extension NetworkNamespacePair {
    /// The private IPv4 addresses `withPrivateAddresses(_:)` puts on the pair's ends: a /30 of RFC 1918's 10/8, in
    /// the namespaces only (no route to or from the machine's own interfaces).
    public static let privateIPv4 = (hub: "10.77.77.1", controller: "10.77.77.2", prefixLength: 30)

    /// Runs `body` with an RFC 1918 IPv4 address on each end of the pair beside its link-local ones, and removes
    /// them afterwards, also when `body` throws.
    ///
    /// For a peer that ignores link-local addresses: aiohomekit drops them from a `_hap._tcp` record and refuses a
    /// record with nothing else (`HomeKitService.from_service_info`, aiohomekit/zeroconf.py). The hub side's
    /// avahi-daemon sees the new address through netlink and publishes it with the host's other addresses, so every
    /// record of the hub resolves to it too. Returns `body`'s result; `body` gets the hub's and the controller's
    /// new address.
    public func withPrivateAddresses<Result>(_ body: (_ hub: String, _ controller: String) throws -> Result) throws
        -> Result
    {
        let ends = [(hub, Self.privateIPv4.hub), (controller, Self.privateIPv4.controller)]
        defer {
            for (side, address) in ends {
                _ = try? Self.address("del", address, on: side)
            }
        }
        for (side, address) in ends {
            try Self.address("add", address, on: side)
        }
        return try body(Self.privateIPv4.hub, Self.privateIPv4.controller)
    }

    /// `ip -n <namespace> addr <verb> <address>/30 dev <interface>`; throws with its output when it fails.
    private static func address(_ verb: String, _ address: String, on side: Side) throws {
        let command = [
            "-n", side.namespace, "addr", verb, "\(address)/\(privateIPv4.prefixLength)", "dev", side.interface,
        ]
        let result = try PeerProcess.run(ip ?? "/usr/sbin/ip", command, timeout: 10)
        guard result.status == 0 else {
            throw PeerTestFailure("ip \(command.joined(separator: " ")) failed (\(result.status)): \(result.errors)")
        }
    }
}
