import MHubTestSupport
import MatterCrypto
import Testing

@testable import MatterCredentials

/// PKCS#10 requests as the SDK makes them and a controller checks them.
@Suite struct CertificateSigningRequestTests {
    @Test func requestVerifiesAndCarriesItsKey() throws {
        let key = P256KeyPair.generate()
        let request = try CertificateSigningRequest(key: key)
        let parsed = try CertificateSigningRequest(der: request.der)
        #expect(parsed.publicKey == key.publicKey)
        // CertificationRequestInfo: INTEGER 0, Name O=CSR (UTF8String), the key, empty attributes [0].
        var fields = try DERReader.single(request.der).members()
        var info = try fields.next(DERTag.sequence).members()
        #expect(try info.next().smallInteger() == 0)
        #expect(Array(try info.next().encoded) == bytes(fromHex: "300e310c300a060355040a0c03435352"))
        _ = try info.next(DERTag.sequence)
        #expect(Array(try info.next().encoded) == [0xA0, 0x00])
        #expect(info.isAtEnd)
        #expect(request.der.count < 300)
    }

    @Test func tamperedOrTrailingRequestsAreRefused() throws {
        let request = try CertificateSigningRequest(key: P256KeyPair.generate()).der
        #expect(throws: AttestationError.self) { try CertificateSigningRequest(der: request + [0]) }
        for length in 0..<request.count {
            #expect(throws: AttestationError.self) { try CertificateSigningRequest(der: Array(request.prefix(length))) }
        }
        // A changed byte in the signed part breaks the signature (or the structure).
        for index in 4..<100 {
            var altered = request
            altered[index] ^= 0x01
            #expect(throws: AttestationError.self) { try CertificateSigningRequest(der: altered) }
        }
    }
}
