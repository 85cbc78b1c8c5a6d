extension ClusterDefinition {
    /// Administrator Commissioning (0x003C), revision 1, with the Basic commissioning method.
    ///
    /// Source: CHIP SDK `data_model/1.4/clusters/AdminCommissioningCluster.xml`. Basic is feature bit 0
    /// and brings OpenBasicCommissioningWindow. WindowStatus 0 is WindowNotOpen, so the admin attributes
    /// are null. The commands require a timed invoke. The PAKE passcode verifier is 97 octets, w0 and L
    /// (CHIP SDK `src/crypto/CHIPCryptoPAL.h`, `kSpake2p_VerifierSerialized_Length`); the salt 16 to 32.
    public static let administratorCommissioning = ClusterDefinition(
        id: 0x003C, name: "AdministratorCommissioning", revision: 1, featureMap: 0x1,
        attributes: [
            AttributeDefinition(id: 0x0000, name: "windowStatus", type: .enum8, range: 0...2, default: .unsigned(0)),
            AttributeDefinition(
                id: 0x0001, name: "adminFabricIndex", type: .uint8, nullable: true, range: 1...254, default: .null),
            AttributeDefinition(id: 0x0002, name: "adminVendorId", type: .uint16, nullable: true, default: .null),
        ],
        commands: [
            CommandDefinition(
                id: 0x00, name: "OpenCommissioningWindow",
                fields: [
                    commissioningTimeout,
                    CommandField(id: 1, name: "PAKEPasscodeVerifier", type: .bytes(maxLength: 97)),
                    CommandField(id: 2, name: "discriminator", type: .uint16),
                    CommandField(id: 3, name: "iterations", type: .uint32),
                    CommandField(id: 4, name: "salt", type: .bytes(maxLength: 32)),
                ]),
            CommandDefinition(id: 0x01, name: "OpenBasicCommissioningWindow", fields: [commissioningTimeout]),
            CommandDefinition(id: 0x02, name: "RevokeCommissioning"),
        ]
    )
}

private let commissioningTimeout = CommandField(id: 0, name: "commissioningTimeout", type: .uint16)
