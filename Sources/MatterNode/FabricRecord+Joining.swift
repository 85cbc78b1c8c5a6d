import MatterCredentials
import MatterCrypto

extension FabricRecord {
    /// The record a node gets when the owner of `authority` puts it on its fabric as `nodeID` itself, without a
    /// commissioner's AddNOC: a fresh operational key, a NOC from the authority, the fabric's IPK, and Administer over
    /// CASE for `administrator`, as AddNOC's CaseAdminSubject makes it (Matter Core Specification 11.18.6.8). mhub's
    /// own fabric on a device on the network that mhub commissions (docs/matter.md, "Devices on the network").
    public static func joining(
        _ authority: FabricAuthority, as nodeID: UInt64, fabricIndex: UInt8, vendorID: UInt16, label: String,
        administrator: UInt64, notBefore: UInt32, using random: inout some RandomNumberGenerator
    ) throws -> FabricRecord {
        let key = P256KeyPair.random(using: &random)
        let noc = try authority.nodeCertificate(
            nodeID: nodeID, publicKey: key.publicKey, notBefore: notBefore, using: &random)
        return FabricRecord(
            fabricIndex: fabricIndex, rootCertificate: authority.rootCertificate, intermediateCertificate: nil,
            operationalCertificate: noc, operationalPrivateKey: key.privateKey,
            identityProtectionEpochKey: authority.identityProtectionEpochKey, vendorID: vendorID,
            label: String(label.utf8.prefix(32)) ?? "",
            accessControl: [
                AccessControlEntry(
                    privilege: .administer, authMode: .case, subjects: [administrator], targets: nil,
                    fabricIndex: fabricIndex)
            ])
    }
}
