extension ClusterDefinition {
    /// Node Operational Credentials (0x003E), revision 1.
    ///
    /// Source: CHIP SDK `data_model/1.4/clusters/OperationalCredentialCluster.xml`. A fresh node has no
    /// fabric: the lists are empty and CurrentFabricIndex is 0. SupportedFabrics is the minimum, 5.
    /// Attestation and NOCSR elements are at most RESP_MAX, 900 octets (CHIP SDK `kMaxRspLen`, citing
    /// Matter Core Specification 11.22.5.1).
    public static let operationalCredentials = ClusterDefinition(
        id: 0x003E, name: "OperationalCredentials", revision: 1,
        attributes: [
            AttributeDefinition(id: 0x0000, name: "NOCs", type: .list, default: .list([])),
            AttributeDefinition(id: 0x0001, name: "fabrics", type: .list, default: .list([])),
            AttributeDefinition(
                id: 0x0002, name: "supportedFabrics", type: .uint8, range: 5...254, default: .unsigned(5)),
            AttributeDefinition(
                id: 0x0003, name: "commissionedFabrics", type: .uint8, range: 0...254, default: .unsigned(0)),
            AttributeDefinition(id: 0x0004, name: "trustedRootCertificates", type: .list, default: .list([])),
            AttributeDefinition(
                id: 0x0005, name: "currentFabricIndex", type: .uint8, range: 0...254, default: .unsigned(0)),
        ],
        commands: [
            CommandDefinition(
                id: 0x00, name: "AttestationRequest",
                fields: [CommandField(id: 0, name: "attestationNonce", type: .bytes(maxLength: 32))], response: 0x01),
            CommandDefinition(
                id: 0x02, name: "CertificateChainRequest",
                fields: [CommandField(id: 0, name: "certificateType", type: .enum8)], response: 0x03),
            CommandDefinition(
                id: 0x04, name: "CSRRequest",
                fields: [
                    CommandField(id: 0, name: "CSRNonce", type: .bytes(maxLength: 32)),
                    CommandField(id: 1, name: "isForUpdateNOC", type: .bool, optional: true),
                ],
                response: 0x05),
            CommandDefinition(
                id: 0x06, name: "AddNOC",
                fields: [
                    nocValue, icacValue,
                    CommandField(id: 2, name: "IPKValue", type: .bytes(maxLength: 16)),
                    CommandField(id: 3, name: "caseAdminSubject", type: .uint64),
                    CommandField(id: 4, name: "adminVendorId", type: .uint16),
                ],
                response: 0x08),
            CommandDefinition(id: 0x07, name: "UpdateNOC", fields: [nocValue, icacValue], response: 0x08),
            CommandDefinition(
                id: 0x09, name: "UpdateFabricLabel",
                fields: [CommandField(id: 0, name: "label", type: .string(maxLength: 32))], response: 0x08),
            CommandDefinition(
                id: 0x0A, name: "RemoveFabric", fields: [CommandField(id: 0, name: "fabricIndex", type: .uint8)],
                response: 0x08),
            CommandDefinition(
                id: 0x0B, name: "AddTrustedRootCertificate",
                fields: [CommandField(id: 0, name: "rootCACertificate", type: .bytes(maxLength: 400))]),
        ],
        responses: [
            CommandDefinition(
                id: 0x01, name: "AttestationResponse",
                fields: [CommandField(id: 0, name: "attestationElements", type: .bytes(maxLength: 900)), signature]),
            CommandDefinition(
                id: 0x03, name: "CertificateChainResponse",
                fields: [CommandField(id: 0, name: "certificate", type: .bytes(maxLength: 600))]),
            CommandDefinition(
                id: 0x05, name: "CSRResponse",
                fields: [CommandField(id: 0, name: "NOCSRElements", type: .bytes(maxLength: 900)), signature]),
            CommandDefinition(
                id: 0x08, name: "NOCResponse",
                fields: [
                    CommandField(id: 0, name: "statusCode", type: .enum8),
                    CommandField(id: 1, name: "fabricIndex", type: .uint8, optional: true),
                    CommandField(id: 2, name: "debugText", type: .string(maxLength: 128), optional: true),
                ]),
        ]
    )
}

private let nocValue = CommandField(id: 0, name: "NOCValue", type: .bytes(maxLength: 400))
private let icacValue = CommandField(id: 1, name: "ICACValue", type: .bytes(maxLength: 400), optional: true)
private let signature = CommandField(id: 1, name: "attestationSignature", type: .bytes(maxLength: 64))
