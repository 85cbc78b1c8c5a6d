/// The hub's Matter node (docs/configuration.md, `matter.*`).
///
/// Only the port is read here: the DNS-SD records `_matterc._udp` and `_matter._tcp` advertise it
/// (Matter reference A.0: both use the secured port, `CHIP_PORT` 5540).
public struct MatterConfiguration: Equatable, Sendable {
    /// The secured Matter port, UDP and TCP (`CHIP_PORT`).
    public var port: UInt16 = 5540

    public init() {}

    static func decode(_ object: inout ConfigurationObject) throws(ConfigurationError) -> MatterConfiguration {
        var matter = MatterConfiguration()
        matter.port = try object.integer("port", default: matter.port, in: 1...UInt16.max)
        return matter
    }

    var json: JSONValue {
        ["port": .integer(Int64(port))]
    }
}
