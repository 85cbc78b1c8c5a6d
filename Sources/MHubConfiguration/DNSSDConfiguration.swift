import MHubJSON

/// What `mhubd` advertises through avahi-daemon, and where (docs/configuration.md, `dns_sd.*`;
/// docs/dns-sd.md).
public struct DNSSDConfiguration: Equatable, Sendable {
    /// Whether `mhubd` advertises at all.
    public var enabled = true
    /// Interface names to advertise on (e.g. `["eth0"]`); empty means every interface avahi-daemon uses.
    public var interfaces: [String] = []
    /// Whether each commissioned simulated node gets its own `_matter._tcp` instance and each
    /// commissionable simulated device its own `_matterc._udp` instance.
    public var advertiseSimulatedDevices = false
    /// Whether the Matter records carry `T=4`: the Matter port accepts TCP (Matter reference A.1, `T`).
    public var advertiseTCP = true

    public init() {}

    static func decode(_ object: inout ConfigurationObject) throws(ConfigurationError) -> DNSSDConfiguration {
        var dnsSD = DNSSDConfiguration()
        dnsSD.enabled = try object.bool("enabled", default: dnsSD.enabled)
        dnsSD.advertiseSimulatedDevices = try object.bool(
            "advertise_simulated_devices", default: dnsSD.advertiseSimulatedDevices)
        dnsSD.advertiseTCP = try object.bool("advertise_tcp", default: dnsSD.advertiseTCP)
        if let value = object.raw("interfaces") {
            let key = object.keyPath("interfaces")
            guard case .array(let entries) = value else {
                throw ConfigurationError(key: key, reason: "must be an array of interface names")
            }
            for entry in entries {
                // IFNAMSIZ is 16 with the terminating NUL (linux/if.h).
                guard case .string(let name) = entry, (1...15).contains(name.utf8.count), !name.contains("/") else {
                    throw ConfigurationError(key: key, reason: "must hold interface names of 1 to 15 bytes")
                }
                guard !dnsSD.interfaces.contains(name) else {
                    throw ConfigurationError(key: key, reason: "names \"\(name)\" twice")
                }
                dnsSD.interfaces.append(name)
            }
        }
        return dnsSD
    }

    var json: JSONValue {
        [
            "enabled": .bool(enabled),
            "interfaces": .array(interfaces.map { .string($0) }),
            "advertise_simulated_devices": .bool(advertiseSimulatedDevices),
            "advertise_tcp": .bool(advertiseTCP),
        ]
    }
}
