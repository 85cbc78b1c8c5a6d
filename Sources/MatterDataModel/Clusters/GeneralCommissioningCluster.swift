extension ClusterDefinition {
    /// General Commissioning (0x0030), revision 2, without the provisional TermsAndConditions feature.
    ///
    /// Source: CHIP SDK `data_model/1.4/clusters/GeneralCommissioningCluster.xml`. BasicCommissioningInfo
    /// is {0 FailSafeExpiryLengthSeconds, 1 MaxCumulativeFailsafeSeconds}; RegulatoryConfig and
    /// LocationCapability use 0 Indoor, 1 Outdoor, 2 IndoorOutdoor.
    public static let generalCommissioning = ClusterDefinition(
        id: 0x0030, name: "GeneralCommissioning", revision: 2,
        attributes: [
            AttributeDefinition(
                id: 0x0000, name: "breadcrumb", type: .uint64, writable: true, writePrivilege: .administer,
                default: .unsigned(0)),
            AttributeDefinition(
                id: 0x0001, name: "basicCommissioningInfo", type: .structure,
                default: .structure([0: .unsigned(60), 1: .unsigned(900)])),
            AttributeDefinition(
                id: 0x0002, name: "regulatoryConfig", type: .enum8, range: 0...2, default: .unsigned(2)),
            AttributeDefinition(
                id: 0x0003, name: "locationCapability", type: .enum8, range: 0...2, default: .unsigned(2)),
            AttributeDefinition(id: 0x0004, name: "supportsConcurrentConnection", type: .bool, default: .bool(true)),
        ],
        commands: [
            CommandDefinition(
                id: 0x00, name: "ArmFailSafe",
                fields: [
                    CommandField(id: 0, name: "expiryLengthSeconds", type: .uint16),
                    CommandField(id: 1, name: "breadcrumb", type: .uint64),
                ],
                response: 0x01),
            CommandDefinition(
                id: 0x02, name: "SetRegulatoryConfig",
                fields: [
                    CommandField(id: 0, name: "newRegulatoryConfig", type: .enum8),
                    CommandField(id: 1, name: "countryCode", type: .string(maxLength: 2)),
                    CommandField(id: 2, name: "breadcrumb", type: .uint64),
                ],
                response: 0x03),
            CommandDefinition(id: 0x04, name: "CommissioningComplete", response: 0x05),
        ],
        responses: [
            CommandDefinition(id: 0x01, name: "ArmFailSafeResponse", fields: errorAndText),
            CommandDefinition(id: 0x03, name: "SetRegulatoryConfigResponse", fields: errorAndText),
            CommandDefinition(id: 0x05, name: "CommissioningCompleteResponse", fields: errorAndText),
        ]
    )
}

private let errorAndText = [
    CommandField(id: 0, name: "errorCode", type: .enum8),
    CommandField(id: 1, name: "debugText", type: .string(maxLength: 128)),
]
