import Foundation
import MHubTestSupport
import MatterCredentials
import MatterCrypto

/// The operational certificates of `Fixtures/operational-certificates.txt`: X.509 DER made with Python
/// `cryptography`, TLV from the CHIP SDK's converter (see Fixtures/README.md).
struct CertificateFixtures {
    static let names = ["rcac-a", "icac-a", "noc-a", "rcac-b", "noc-b", "icac-c", "noc-c", "noc-d", "firmware"]

    let vectors: VectorFile

    init() throws {
        vectors = try VectorFile.load("operational-certificates", in: .module)
    }

    func der(_ name: String) throws -> [UInt8] {
        try vectors.block(name).hex("der")
    }

    func tlv(_ name: String) throws -> [UInt8] {
        try vectors.block(name).hex("tlv")
    }

    func publicKey(_ name: String) throws -> [UInt8] {
        try vectors.block(name).hex("public")
    }

    func issuer(_ name: String) throws -> String {
        try vectors.block(name).text("issuer")
    }

    func certificate(_ name: String) throws -> MatterCertificate {
        try MatterCertificate(tlv: tlv(name))
    }
}

extension CertificateFixtures {
    /// The private key the fixture script derived for `name`: SHA-256("mhub fixture " + name) mod 2^255.
    func key(_ name: String) throws -> P256KeyPair {
        var scalar = SHA256.hash(Array("mhub fixture \(name)".utf8))
        scalar[0] &= 0x7F
        return try P256KeyPair(privateKey: scalar)
    }

    /// `certificate` signed again by the fixture key `issuer`, after a change.
    func resigned(_ certificate: MatterCertificate, by issuer: String) throws -> MatterCertificate {
        try MatterCertificate.signed(certificate, by: key(issuer))
    }
}
