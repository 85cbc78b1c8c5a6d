import MHubJSON

/// What `mhubd` advertises through avahi-daemon, and where (docs/configuration.md, `dns_sd.*`;
/// docs/dns-sd.md).
public struct DNSSDConfiguration: Equatable, Sendable {
    /// Whether `mhubd` advertises at all.
    public var enabled = true
    /// Interface names to advertise on (e.g. `["eth0"]`); empty means every interface avahi-daemon uses.
    public var interfaces: [String] = []
    /// The retired `advertise_simulated_devices` key, when the file has it: read so that older files still load,
    /// but it has no effect (its records pointed at the hub's port, where no controller could commission the device;
    /// a device on the network has records of its own, docs/dns-sd.md, "Devices on the network").
    public var retiredAdvertiseSimulatedDevices: Bool?
    /// Whether the Matter records carry `T=4`: the Matter port accepts TCP (Matter reference A.1, `T`).
    public var advertiseTCP = true

    public init() {}

    static func decode(_ object: inout ConfigurationObject) throws(ConfigurationError) -> DNSSDConfiguration {
        var dnsSD = DNSSDConfiguration()
        dnsSD.enabled = try object.bool("enabled", default: dnsSD.enabled)
        dnsSD.retiredAdvertiseSimulatedDevices = try object.bool("advertise_simulated_devices")
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

    /// What the log says of keys that are read but do nothing.
    public var deprecationWarnings: [String] {
        guard let retired = retiredAdvertiseSimulatedDevices else { return [] }
        return [
            "configuration: dns_sd.advertise_simulated_devices (\(retired)) is deprecated and has no effect: "
                + "a simulated device gets DNS-SD records of its own, on its own port, when it is on the network "
                + "(on_network: true; docs/dns-sd.md, \"Devices on the network\"); remove the key"
        ]
    }

    var json: JSONValue {
        var members: [String: JSONValue] = [
            "enabled": .bool(enabled),
            "interfaces": .array(interfaces.map { .string($0) }),
            "advertise_tcp": .bool(advertiseTCP),
        ]
        members["advertise_simulated_devices"] = retiredAdvertiseSimulatedDevices.map { .bool($0) }
        return .object(members)
    }
}
