import MatterMessage
import MatterTLV

/// A node's session parameters, exchanged in PBKDFParamRequest/Response tag 5 and CASE Sigma messages.
///
/// Matter reference C.1 (CHIP `src/messaging/SessionParameters.h` `enum Tag`,
/// `PairingSession::EncodeSessionParameters`). Every field is optional; unknown tags are ignored.
public struct SessionParameters: Hashable, Sendable {
    /// 1: SESSION_IDLE_INTERVAL in milliseconds.
    public var idleInterval: UInt32?
    /// 2: SESSION_ACTIVE_INTERVAL in milliseconds.
    public var activeInterval: UInt32?
    /// 3: SESSION_ACTIVE_THRESHOLD in milliseconds.
    public var activeThreshold: UInt16?
    /// 4
    public var dataModelRevision: UInt16?
    /// 5
    public var interactionModelRevision: UInt16?
    /// 6
    public var specificationVersion: UInt32?
    /// 7
    public var maxPathsPerInvoke: UInt16?
    /// 8: bitmap, 0x02 TCP client, 0x04 TCP server.
    public var supportedTransports: UInt16?
    /// 9
    public var maxTCPMessageSize: UInt32?

    public init(
        idleInterval: UInt32? = nil, activeInterval: UInt32? = nil, activeThreshold: UInt16? = nil,
        dataModelRevision: UInt16? = nil, interactionModelRevision: UInt16? = nil,
        specificationVersion: UInt32? = nil, maxPathsPerInvoke: UInt16? = nil, supportedTransports: UInt16? = nil,
        maxTCPMessageSize: UInt32? = nil
    ) {
        self.idleInterval = idleInterval
        self.activeInterval = activeInterval
        self.activeThreshold = activeThreshold
        self.dataModelRevision = dataModelRevision
        self.interactionModelRevision = interactionModelRevision
        self.specificationVersion = specificationVersion
        self.maxPathsPerInvoke = maxPathsPerInvoke
        self.supportedTransports = supportedTransports
        self.maxTCPMessageSize = maxTCPMessageSize
    }

    init(_ element: TLVElement) throws(PASEMessageError) {
        let reader = try TLVStructureReader(element, "session parameters")
        self.init(
            idleInterval: try reader.unsigned(1, "SESSION_IDLE_INTERVAL", as: UInt32.self),
            activeInterval: try reader.unsigned(2, "SESSION_ACTIVE_INTERVAL", as: UInt32.self),
            activeThreshold: try reader.unsigned(3, "SESSION_ACTIVE_THRESHOLD", as: UInt16.self),
            dataModelRevision: try reader.unsigned(4, "DataModelRevision", as: UInt16.self),
            interactionModelRevision: try reader.unsigned(5, "InteractionModelRevision", as: UInt16.self),
            specificationVersion: try reader.unsigned(6, "SpecificationVersion", as: UInt32.self),
            maxPathsPerInvoke: try reader.unsigned(7, "MaxPathsPerInvoke", as: UInt16.self),
            supportedTransports: try reader.unsigned(8, "SupportedTransports", as: UInt16.self),
            maxTCPMessageSize: try reader.unsigned(9, "MaxTCPMessageSize", as: UInt32.self))
    }

    /// The structure with context tag `tag`, fields in tag order.
    func element(tag: UInt8) -> TLVElement {
        let fields: [(UInt8, UInt64?)] = [
            (1, idleInterval.map(UInt64.init)), (2, activeInterval.map(UInt64.init)),
            (3, activeThreshold.map(UInt64.init)), (4, dataModelRevision.map(UInt64.init)),
            (5, interactionModelRevision.map(UInt64.init)), (6, specificationVersion.map(UInt64.init)),
            (7, maxPathsPerInvoke.map(UInt64.init)), (8, supportedTransports.map(UInt64.init)),
            (9, maxTCPMessageSize.map(UInt64.init)),
        ]
        let members = fields.compactMap { tag, value in value.map { TLVElement(tag: .context(tag), .unsigned($0)) } }
        return TLVElement(tag: .context(tag), .structure(members))
    }

    /// The MRP timing these parameters announce, with the defaults for what they leave out.
    public var reliableMessagingConfiguration: ReliableMessagingConfiguration {
        let defaults = ReliableMessagingConfiguration.default
        return ReliableMessagingConfiguration(
            idleRetransmissionMilliseconds: idleInterval.map(UInt64.init) ?? defaults.idleRetransmissionMilliseconds,
            activeRetransmissionMilliseconds: activeInterval.map(UInt64.init)
                ?? defaults.activeRetransmissionMilliseconds,
            activeThresholdMilliseconds: activeThreshold.map(UInt64.init) ?? defaults.activeThresholdMilliseconds)
    }
}
