import MHubJSON

/// The hub's own Matter port (docs/configuration.md, `matter.*`; docs/matter.md).
public struct MatterConfiguration: Equatable, Sendable {
    /// Whether `mhubd` serves Matter on UDP and TCP at all.
    public var enabled = true
    /// The UDP and TCP port (Matter's 5540); 0 picks a free one, logged as `listening on matter udp+tcp port N`.
    public var port: UInt16 = 5540
    /// How long a PASE handshake may take from its PBKDFParamRequest, and how long an open PASE session may
    /// go without a message, before the one commissioning slot is freed (CHIP: 60 s for both).
    public var paseTimeoutSeconds = 60
    /// Whether a simulated device is its own Matter node on the network when it is added without saying
    /// (`on_network`; docs/matter.md, "Devices on the network").
    public var devicesOnNetwork = false
    /// The first UDP port of the devices' own nodes: a device takes the first free port from here on (the one it
    /// had before, after a restart, if it is free); 0 gives each an ephemeral port.
    public var devicePortBase: UInt16 = 5541
    /// How many devices may be on the network at once; each holds a UDP socket.
    public var maximumNetworkDevices = 100

    public init() {}

    static func decode(_ object: inout ConfigurationObject) throws(ConfigurationError) -> MatterConfiguration {
        var matter = MatterConfiguration()
        matter.enabled = try object.bool("enabled", default: matter.enabled)
        matter.port = try object.integer("port", default: matter.port, in: 0...UInt16.max)
        matter.paseTimeoutSeconds = try object.integer(
            "pase_timeout_s", default: matter.paseTimeoutSeconds, in: 1...3600)
        matter.devicesOnNetwork = try object.bool("devices_on_network", default: matter.devicesOnNetwork)
        matter.devicePortBase = try object.integer(
            "device_port_base", default: matter.devicePortBase, in: 0...UInt16.max)
        matter.maximumNetworkDevices = try object.integer(
            "max_network_devices", default: matter.maximumNetworkDevices, in: 0...1000)
        return matter
    }

    var json: JSONValue {
        [
            "enabled": .bool(enabled),
            "port": .integer(Int64(port)),
            "pase_timeout_s": .integer(Int64(paseTimeoutSeconds)),
            "devices_on_network": .bool(devicesOnNetwork),
            "device_port_base": .integer(Int64(devicePortBase)),
            "max_network_devices": .integer(Int64(maximumNetworkDevices)),
        ]
    }
}
