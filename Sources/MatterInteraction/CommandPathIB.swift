import MatterDataModel
import MatterTLV

/// CommandPathIB: which command on which endpoint and cluster.
///
/// A TLV list (CHIP `src/app/MessageDef/CommandPathIB.h` `Tag`): 0 Endpoint (uint16), 1 Cluster (uint32),
/// 2 Command (uint32). An invoke on a unicast session names all three; a missing one makes the request
/// INVALID_ACTION, as CHIP's `CommandHandler` refuses a wildcard path that is not a group's.
public struct CommandPathIB: Hashable, Sendable, CustomStringConvertible {
    public var endpoint: EndpointID
    public var cluster: ClusterID
    public var command: CommandID

    public init(endpoint: EndpointID, cluster: ClusterID, command: CommandID) {
        self.endpoint = endpoint
        self.cluster = cluster
        self.command = command
    }

    /// Reads a path; CHIP writes a list, a structure is accepted too.
    public init(_ element: TLVElement) throws(InteractionModelError) {
        let fields = try TLVFields(element, "CommandPathIB", allowsList: true)
        endpoint = try fields.requiredUnsigned(0, "CommandPathIB.Endpoint", as: EndpointID.self)
        cluster = try fields.requiredUnsigned(1, "CommandPathIB.Cluster", as: ClusterID.self)
        command = try fields.requiredUnsigned(2, "CommandPathIB.Command", as: CommandID.self)
    }

    func element(tag: TLVTag) -> TLVElement {
        TLVElement(
            tag: tag,
            .list([
                TLVElement(tag: .context(0), .unsigned(UInt64(endpoint))),
                TLVElement(tag: .context(1), .unsigned(UInt64(cluster))),
                TLVElement(tag: .context(2), .unsigned(UInt64(command))),
            ]))
    }

    public var description: String {
        "\(endpoint)/0x\(String(cluster, radix: 16, uppercase: true))/0x\(String(command, radix: 16, uppercase: true))"
    }
}
