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

    public init() {}

    static func decode(_ object: inout ConfigurationObject) throws(ConfigurationError) -> MatterConfiguration {
        var matter = MatterConfiguration()
        matter.enabled = try object.bool("enabled", default: matter.enabled)
        matter.port = try object.integer("port", default: matter.port, in: 0...UInt16.max)
        matter.paseTimeoutSeconds = try object.integer(
            "pase_timeout_s", default: matter.paseTimeoutSeconds, in: 1...3600)
        return matter
    }

    var json: JSONValue {
        [
            "enabled": .bool(enabled),
            "port": .integer(Int64(port)),
            "pase_timeout_s": .integer(Int64(paseTimeoutSeconds)),
        ]
    }
}
