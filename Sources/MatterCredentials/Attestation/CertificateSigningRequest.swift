import MatterCrypto

/// A PKCS#10 certificate signing request for an operational key (RFC 2986; Matter Core §6.4.6.1), made as the
/// SDK makes it and checked as a controller checks it (CHIP `CHIPCryptoPALOpenSSL.cpp
/// NewCertificateSigningRequest`, `VerifyCertificateSigningRequest`; `CHIPCryptoPAL.cpp
/// VerifyCertificateSigningRequestFormat`): version 0, subject `O=CSR`, id-ecPublicKey on prime256v1, no
/// attributes, ecdsa-with-SHA256 by the requested key itself, nothing after the DER.
public struct CertificateSigningRequest: Hashable, Sendable {
    /// The DER, as made or received.
    public let der: [UInt8]
    /// The key the request is for.
    public let publicKey: P256Point

    /// A request for `key`, signed with it.
    public init(key: P256KeyPair) throws(CryptoError) {
        let subject = DER.sequence([
            DER.set([DER.sequence([DER.objectIdentifier(OID(2, 5, 4, 10)), DER.string(DERTag.utf8String, "CSR")])])
        ])
        let info = DER.sequence([
            DER.integer(0),
            subject,
            DER.subjectPublicKeyInfo(key.publicKey),
            // attributes [0] IMPLICIT SET OF Attribute: present and empty.
            DER.element(DERTag.contextConstructed(0), []),
        ])
        let signature = try key.signature(for: info)
        der = DER.sequence([
            info, DER.ecdsaWithSHA256Algorithm, DER.bitString(signature.derEncoded),
        ])
        publicKey = key.publicKey
    }

    /// Parses and verifies a request: the structure above (any subject and attributes), a P-256 key, and a
    /// signature by that key over the CertificationRequestInfo.
    public init(der bytes: [UInt8]) throws(AttestationError) {
        do {
            let request = try DERReader.single(bytes)
            try request.checkTag(DERTag.sequence)
            var fields = try request.members()
            let infoElement = try fields.next(DERTag.sequence)
            var algorithm = try fields.next(DERTag.sequence).members()
            guard try algorithm.next().objectIdentifier() == .ecdsaWithSHA256 else {
                throw AttestationError.unsupported("a CSR signature algorithm other than ecdsa-with-SHA256")
            }
            try algorithm.finish()
            let signature = try P256Signature(derEncoded: Array(fields.next().bitStringBytes()))
            try fields.finish()

            var info = try infoElement.members()
            guard try info.next().smallInteger() == 0 else {
                throw AttestationError.unsupported("a CSR version other than 0")
            }
            _ = try info.next(DERTag.sequence)
            var keyInfo = try info.next(DERTag.sequence).members()
            let keyAlgorithm = try keyInfo.next(DERTag.sequence)
            guard
                keyAlgorithm.encoded.elementsEqual(
                    DER.p256PublicKeyAlgorithm)
            else { throw AttestationError.unsupported("a CSR key other than EC on prime256v1") }
            let key = try P256Point(uncompressed: Array(keyInfo.next().bitStringBytes()))
            try keyInfo.finish()
            _ = try info.next(DERTag.contextConstructed(0))
            try info.finish()
            guard try key.isValidSignature(signature, for: Array(infoElement.encoded)) else {
                throw AttestationError.badSignature("CSR")
            }
            der = bytes
            publicKey = key
        } catch let error as AttestationError {
            throw error
        } catch let error as DERDecodingError {
            throw .notDER(error)
        } catch {
            throw .invalidValue(field: "CSR", reason: "\(error)")
        }
    }
}
