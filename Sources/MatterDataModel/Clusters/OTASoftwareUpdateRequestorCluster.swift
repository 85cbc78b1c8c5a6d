extension ClusterDefinition {
    /// OTA Software Update Requestor (0x002A), revision 1.
    ///
    /// Source: CHIP SDK `data_model/1.4/clusters/OTARequestor.xml`. A device that can be updated has it on its root
    /// endpoint. UpdateState starts at Idle (1), as a requestor reports once it has started (the XML's default,
    /// Unknown, is the state before that); UpdateStateProgress is null outside a download. Events: StateTransition
    /// (0x00), VersionApplied (0x01), DownloadError (0x02). AnnounceOTAProvider needs Administer.
    public static let otaSoftwareUpdateRequestor = ClusterDefinition(
        id: 0x002A, name: "OtaSoftwareUpdateRequestor", revision: 1,
        attributes: [
            AttributeDefinition(
                id: 0x0000, name: "defaultOTAProviders", type: .list, writable: true, writePrivilege: .administer,
                default: .list([])),
            AttributeDefinition(id: 0x0001, name: "updatePossible", type: .bool, default: .bool(true)),
            AttributeDefinition(id: 0x0002, name: "updateState", type: .enum8, range: 0...8, default: .unsigned(1)),
            AttributeDefinition(
                id: 0x0003, name: "updateStateProgress", type: .uint8, nullable: true, range: 0...100, default: .null),
        ],
        commands: [
            CommandDefinition(
                id: 0x00, name: "AnnounceOTAProvider",
                fields: [
                    CommandField(id: 0, name: "providerNodeID", type: .uint64),
                    CommandField(id: 1, name: "vendorID", type: .uint16),
                    CommandField(id: 2, name: "announcementReason", type: .enum8),
                    CommandField(id: 3, name: "metadataForNode", type: .bytes(maxLength: 512), optional: true),
                    CommandField(id: 4, name: "endpoint", type: .uint16),
                ], privilege: .administer)
        ]
    )

    /// The OTA Requestor's UpdateStateEnum values mhub moves through.
    public enum OTAUpdateState: UInt64, Sendable {
        case unknown = 0
        case idle = 1
        case querying = 2
        case downloading = 4
        case applying = 5
    }
}
