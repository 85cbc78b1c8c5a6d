import MatterCrypto
import MatterSecureChannel

extension FabricRecord {
    /// What the fabric's certificates say, and the fabric as the CASE responder matches and answers Sigma1 for it:
    /// the certificates as stored, the operational key, and the IPK derived from the epoch key AddNOC gave (Matter
    /// reference §4.3).
    func caseIdentity() throws -> (FabricIdentityFacts, CASEFabric) {
        let facts = try identity()
        let fabric = try CASEFabric(
            fabricIndex: fabricIndex, rcac: rootCertificate, icac: intermediateCertificate, noc: operationalCertificate,
            ipk: facts.identityProtectionKey, operationalKey: try P256KeyPair(privateKey: operationalPrivateKey))
        return (facts, fabric)
    }
}
