import FuzzSupport
import MatterCredentials
import MatterCrypto
import MatterSecureChannel

/// The fabrics of the fuzz target, made once per process: two the responder holds (the second with an ICAC, as
/// CHIP's commissioners issue the node's NOC) and one it does not, each with the responder's identity on it and a
/// controller's. Keys come from fixed seeds, so every run of a saved input sees the same certificates.
enum CASEFuzzFixture {
    struct Fabric {
        /// What the responder holds (nil for the fabric it does not know).
        var responder: CASEFabric?
        /// What the honest initiator presents: the controller's NOC straight under the root.
        var controller: CASEFabric
        /// The node the initiator asks for: the responder's operational node ID on this fabric.
        var responderNodeID: UInt64
    }

    static let controllerNodeID: UInt64 = 112_233
    /// Index 1 and 2 the responder holds; index 3 (another root) it does not.
    static let fabrics: [Fabric] = [
        make(index: 1, fabricID: 0xFAB1, responderNodeID: 0x11, withICAC: false, seed: 10),
        make(index: 2, fabricID: 0xFAB2, responderNodeID: 0x22, withICAC: true, seed: 20),
        make(index: 3, fabricID: 0xFAB3, responderNodeID: 0x33, withICAC: false, seed: 30, held: false),
    ]
    static var heldFabrics: [CASEFabric] { fabrics.compactMap(\.responder) }

    static func make(
        index: UInt8, fabricID: UInt64, responderNodeID: UInt64, withICAC: Bool, seed: UInt8, held: Bool = true
    ) -> Fabric {
        var random = InputSeededGenerator(seed: [seed])
        let root = Authority.root(id: UInt64(seed), using: &random)
        let issuer = withICAC ? root.intermediate(id: UInt64(seed) + 1, using: &random) : root
        let epochKey = Array("temporary ipk 01".utf8)
        let compressed = FabricKeys.compressedFabricID(rootPublicKey: root.key.publicKey, fabricID: fabricID)
        let ipk = try! FabricKeys.operationalGroupKey(epochKey: epochKey, compressedFabricID: compressed)
        let responderKey = P256KeyPair.random(using: &random)
        let controllerKey = P256KeyPair.random(using: &random)
        let responder = try! CASEFabric(
            fabricIndex: index, rcac: root.tlv, icac: withICAC ? issuer.tlv : nil,
            noc: issuer.nodeCertificate(nodeID: responderNodeID, fabricID: fabricID, key: responderKey.publicKey),
            ipk: ipk, operationalKey: responderKey)
        let controller = try! CASEFabric(
            fabricIndex: index, rcac: root.tlv, icac: nil,
            noc: root.nodeCertificate(nodeID: controllerNodeID, fabricID: fabricID, key: controllerKey.publicKey),
            ipk: ipk, operationalKey: controllerKey)
        return Fabric(responder: held ? responder : nil, controller: controller, responderNodeID: responderNodeID)
    }
}

/// A certificate authority just big enough for the fixture: Matter TLV RCAC, ICAC and NOCs in the shape of the
/// Matter reference §4.2 (CA: keyCertSign | cRLSign; NOC: digitalSignature, serverAuth and clientAuth; SHA-1 key
/// identifiers), signed over their X.509 TBSCertificate by `MatterCertificate.signed`.
struct Authority {
    let key: P256KeyPair
    let certificate: MatterCertificate
    var tlv: [UInt8] { certificate.tlvEncoded }

    /// 2023-01-01 in Matter epoch seconds; no certificate expires (notAfter 0).
    static let notBefore: UInt32 = 725_846_400

    static func root(id: UInt64, using random: inout InputSeededGenerator) -> Authority {
        let key = P256KeyPair.random(using: &random)
        let name = DistinguishedName([.matterRCACID(id)])
        return Authority(
            key: key,
            certificate: issue(
                subject: name, issuer: name, key: key.publicKey, serial: id,
                extensions: caExtensions(subject: key.publicKey, authority: key.publicKey), signer: key))
    }

    func intermediate(id: UInt64, using random: inout InputSeededGenerator) -> Authority {
        let icacKey = P256KeyPair.random(using: &random)
        return Authority(
            key: icacKey,
            certificate: Self.issue(
                subject: DistinguishedName([.matterICACID(id)]), issuer: certificate.subject, key: icacKey.publicKey,
                serial: id, extensions: Self.caExtensions(subject: icacKey.publicKey, authority: key.publicKey),
                signer: key))
    }

    func nodeCertificate(nodeID: UInt64, fabricID: UInt64, key subjectKey: P256Point) -> [UInt8] {
        let extensions: [CertificateExtension] = [
            .basicConstraints(isCA: false, pathLength: nil), .keyUsage(.digitalSignature),
            .extendedKeyUsage([.serverAuth, .clientAuth]), .subjectKeyIdentifier(SHA1.hash(subjectKey.uncompressed)),
            .authorityKeyIdentifier(SHA1.hash(key.publicKey.uncompressed)),
        ]
        return Self.issue(
            subject: DistinguishedName([.matterNodeID(nodeID), .matterFabricID(fabricID)]),
            issuer: certificate.subject, key: subjectKey, serial: nodeID, extensions: extensions, signer: key
        ).tlvEncoded
    }

    static func caExtensions(subject: P256Point, authority: P256Point) -> [CertificateExtension] {
        [
            .basicConstraints(isCA: true, pathLength: nil), .keyUsage([.keyCertSign, .cRLSign]),
            .subjectKeyIdentifier(SHA1.hash(subject.uncompressed)),
            .authorityKeyIdentifier(SHA1.hash(authority.uncompressed)),
        ]
    }

    static func issue(
        subject: DistinguishedName, issuer: DistinguishedName, key: P256Point, serial: UInt64,
        extensions: [CertificateExtension], signer: P256KeyPair
    ) -> MatterCertificate {
        // A positive, minimal INTEGER: a leading 0x01, then the serial's low bytes.
        let tbs = MatterCertificate(
            serialNumber: [0x01, UInt8(truncatingIfNeeded: serial), UInt8(truncatingIfNeeded: serial >> 8)],
            issuer: issuer, notBefore: notBefore, notAfter: 0, subject: subject, publicKey: key.uncompressed,
            extensions: extensions, signature: [])
        return try! MatterCertificate.signed(tbs, by: signer)
    }
}
