import MHubTestSupport
import MatterCrypto
import MatterTLV
import Testing

@testable import MatterCredentials

/// `cd_content` and its CMS envelope against connectedhomeip's vectors (`Fixtures/certification-declarations.txt`).
@Suite struct CertificationDeclarationTests {
    let vectors: VectorFile

    init() throws {
        vectors = try VectorFile.load("certification-declarations", in: .module)
    }

    static let first = CertificationDeclaration(
        vendorID: 0xFFF1, productIDs: [0x8000], deviceTypeID: 0x1234, certificateID: "ZIG20141ZB330001-24",
        versionNumber: 0x2694, certificationType: 0)
    static let second = CertificationDeclaration(
        vendorID: 0xFFF2, productIDs: [0x8001, 0x8002], deviceTypeID: 0x1234, certificateID: "ZIG20142ZB330002-24",
        versionNumber: 0x2694, certificationType: 0, dacOrigin: .init(vendorID: 0xFFF1, productID: 0x8000))

    @Test func contentMatchesTheSDK() throws {
        for (name, declaration) in [("cd-01", Self.first), ("cd-02", Self.second)] {
            let content = try vectors.block(name).hex("content")
            #expect(declaration.tlvEncoded == content)
            #expect(try CertificationDeclaration(tlv: content) == declaration)
        }
    }

    @Test(arguments: ["cd-01", "cd-02"])
    func envelopeParsesVerifiesAndReencodes(name: String) throws {
        let cms = try vectors.block(name).hex("cms")
        let envelope = try CertificationDeclarationEnvelope(der: cms)
        #expect(envelope.der == cms)
        #expect(envelope.content == (try vectors.block(name).hex("content")))
        #expect(envelope.signerKeyIdentifier == TestCDSigningKey.keyIdentifier)
        let signer = try P256Point(uncompressed: vectors.block("signer").hex("public"))
        #expect(envelope.isSignatureValid(signerPublicKey: signer))
        #expect(!envelope.isSignatureValid(signerPublicKey: P256KeyPair.generate().publicKey))
        #expect(
            try envelope.verifiedDeclaration(signerPublicKey: signer).vendorID == (name == "cd-01" ? 0xFFF1 : 0xFFF2))
    }

    @Test func testSigningKeyIsTheSDKsAndItsKidMatches() throws {
        let key = TestCDSigningKey.keyPair
        #expect(key.publicKey.uncompressed == (try vectors.block("signer").hex("public")))
        #expect(key.publicKey.keyIdentifier == TestCDSigningKey.keyIdentifier)
        #expect(hexString(TestCDSigningKey.keyIdentifier) == (try vectors.block("signer").text("kid")))
    }

    @Test func signingMakesAnEnvelopeOfTheSDKsShape() throws {
        let content = Self.first.tlvEncoded
        let envelope = try CertificationDeclarationEnvelope(
            signing: content, with: TestCDSigningKey.keyPair, keyIdentifier: TestCDSigningKey.keyIdentifier)
        #expect(envelope.isSignatureValid(signerPublicKey: TestCDSigningKey.keyPair.publicKey))
        // The strict parser (which reads the SDK's envelopes, and re-encodes them byte for byte) reads ours.
        let ours = envelope.der
        let parsed = try CertificationDeclarationEnvelope(der: ours)
        #expect(parsed.content == content && parsed.signerKeyIdentifier == TestCDSigningKey.keyIdentifier)
        #expect(try CertificationDeclarationEnvelope(der: ours) == envelope)
    }

    @Test func malformedEnvelopesAreRefused() throws {
        let cms = try vectors.block("cd-02").hex("cms")
        for length in 0..<cms.count {
            #expect(throws: AttestationError.self) {
                try CertificationDeclarationEnvelope(der: Array(cms.prefix(length)))
            }
        }
        #expect(throws: AttestationError.self) { try CertificationDeclarationEnvelope(der: cms + [0]) }
        var generator = SeededGenerator(seed: 5)
        for _ in 0..<2000 {
            var input = cms
            input[Int.random(in: 0..<input.count, using: &generator)] ^= UInt8.random(in: 1...255, using: &generator)
            if let envelope = try? CertificationDeclarationEnvelope(der: input) {
                #expect(envelope.der == input)
            }
        }
    }

    @Test func malformedContentIsRefused() throws {
        var shortID = Self.first
        shortID.certificateID = "ZIG"
        var noProducts = Self.first
        noProducts.productIDs = []
        var tooMany = Self.first
        tooMany.productIDs = Array(repeating: 1, count: 101)
        for bad in [shortID, noProducts, tooMany] {
            #expect(throws: AttestationError.self) { try CertificationDeclaration(tlv: bad.tlvEncoded) }
        }
        // The SDK's own error vector: vendor_id as a 4-byte integer (TestCD_EncodeDecode_Errors).
        var wide = Self.first.tlvEncoded
        wide.replaceSubrange(4..<8, with: [0x26, 0x01, 0xF1, 0xFF, 0xFF, 0xFF])
        #expect(throws: AttestationError.self) { try CertificationDeclaration(tlv: wide) }
        // Later fields the decoder does not know are skipped, as CHIP's decoder does.
        guard case .structure(var members) = try TLVDecoder().decodeElement(Self.first.tlvEncoded).value else { return }
        members.append(TLVElement(tag: .context(12), .unsigned(7)))
        #expect(try CertificationDeclaration(tlv: TLVEncoder.encode(TLVElement(.structure(members)))) == Self.first)
        var withPAAs = Self.first
        withPAAs.authorizedPAAList = [[UInt8](repeating: 0xAB, count: 20)]
        #expect(try CertificationDeclaration(tlv: withPAAs.tlvEncoded) == withPAAs)
        let content = Self.second.tlvEncoded
        for length in 0..<content.count {
            #expect(throws: AttestationError.self) { try CertificationDeclaration(tlv: Array(content.prefix(length))) }
        }
    }
}
