import MatterTLV

/// StatusIB: an Interaction Model status with an optional cluster-specific status.
///
/// A structure (CHIP `src/app/MessageDef/StatusIB.h` `Tag`): 0 Status (uint8), 1 ClusterStatus (uint8).
public struct StatusIB: Hashable, Sendable, CustomStringConvertible {
    public var status: InteractionModelStatus
    public var clusterStatus: UInt8?

    public init(_ status: InteractionModelStatus, clusterStatus: UInt8? = nil) {
        self.status = status
        self.clusterStatus = clusterStatus
    }

    public init(_ element: TLVElement) throws(InteractionModelError) {
        let fields = try TLVFields(element, "StatusIB")
        status = InteractionModelStatus(rawValue: try fields.requiredUnsigned(0, "Status", as: UInt8.self))
        clusterStatus = try fields.unsigned(1, "ClusterStatus", as: UInt8.self)
    }

    func element(tag: TLVTag) -> TLVElement {
        var members = [TLVElement(tag: .context(0), .unsigned(UInt64(status.rawValue)))]
        if let clusterStatus { members.append(TLVElement(tag: .context(1), .unsigned(UInt64(clusterStatus)))) }
        return TLVElement(tag: tag, .structure(members))
    }

    public var description: String {
        clusterStatus.map { "\(status), cluster status \($0)" } ?? status.description
    }
}
