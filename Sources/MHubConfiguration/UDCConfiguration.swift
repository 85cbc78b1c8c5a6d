import MHubJSON

/// The hub's User Directed Commissioning listener (docs/configuration.md, `udc.*`).
///
/// `_matterd._udp` advertises this port, and `mhubd` receives IdentificationDeclaration messages on it
/// (Matter reference A.0 `CHIP_UDC_PORT` = 5550, and E).
public struct UDCConfiguration: Equatable, Sendable {
    /// The UDP port; 0 picks a free one, which `_matterd._udp` then advertises.
    public var port: UInt16 = 5550

    public init() {}

    static func decode(_ object: inout ConfigurationObject) throws(ConfigurationError) -> UDCConfiguration {
        var udc = UDCConfiguration()
        udc.port = try object.integer("port", default: udc.port, in: 0...UInt16.max)
        return udc
    }

    var json: JSONValue {
        ["port": .integer(Int64(port))]
    }
}
