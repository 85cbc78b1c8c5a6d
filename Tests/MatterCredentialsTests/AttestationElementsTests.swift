import MHubTestSupport
import MatterCrypto
import MatterTLV
import Testing

@testable import MatterCredentials

/// AttestationElements, NOCSRElements and the attestation signature over elements ‖ challenge.
@Suite struct AttestationElementsTests {
    static let nonce = [UInt8](0..<32)
    static let challenge = [UInt8](100..<116)

    @Test func attestationElementsLayout() throws {
        let elements = AttestationElements(certificationDeclaration: [0xCD, 0x01], attestationNonce: Self.nonce)
        // {1: cd, 2: nonce, 3: timestamp 0}, integers in their shortest form as CHIP's writer puts them.
        #expect(
            elements.tlvEncoded == [0x15, 0x30, 0x01, 0x02, 0xCD, 0x01, 0x30, 0x02, 0x20] + Self.nonce + [
                0x24, 0x03, 0x00, 0x18,
            ])
        #expect(try AttestationElements(tlv: elements.tlvEncoded) == elements)
        var full = elements
        full.timestamp = 0x1234_5678
        full.firmwareInformation = [1, 2, 3]
        full.vendorReserved = [VendorReservedElement(vendorID: 0xFFF1, profile: 3, tag: 1, data: [9])]
        #expect(try AttestationElements(tlv: full.tlvEncoded) == full)
    }

    @Test func attestationElementsOrderAndLimits() throws {
        let nonce = TLVElement(tag: .context(2), .bytes(Self.nonce))
        let cd = TLVElement(tag: .context(1), .bytes([1]))
        let time = TLVElement(tag: .context(3), .unsigned(0))
        for members in [
            [nonce, cd, time], [cd, nonce], [cd, time, nonce],
            [cd, nonce, time, TLVElement(tag: .context(5), .bytes([]))],
        ] {
            #expect(throws: AttestationError.self) {
                try AttestationElements(tlv: TLVEncoder.encode(TLVElement(.structure(members))))
            }
        }
        let shortNonce = AttestationElements(certificationDeclaration: [1], attestationNonce: [1, 2])
        #expect(throws: AttestationError.self) { try AttestationElements(tlv: shortNonce.tlvEncoded) }
        let large = AttestationElements(
            certificationDeclaration: [UInt8](repeating: 0, count: 900), attestationNonce: Self.nonce)
        #expect(
            throws: AttestationError.tooLarge(what: "AttestationElements", size: large.tlvEncoded.count, limit: 900)
        ) {
            try AttestationElements(tlv: large.tlvEncoded)
        }
    }

    @Test func nocsrElements() throws {
        let elements = NOCSRElements(csr: [0x30, 0x00], csrNonce: Self.nonce)
        #expect(elements.tlvEncoded == [0x15, 0x30, 0x01, 0x02, 0x30, 0x00, 0x30, 0x02, 0x20] + Self.nonce + [0x18])
        #expect(try NOCSRElements(tlv: elements.tlvEncoded) == elements)
        let reserved = NOCSRElements(csr: [1], csrNonce: Self.nonce, vendorReserved: [nil, [7]])
        #expect(try NOCSRElements(tlv: reserved.tlvEncoded) == reserved)
        let swapped = TLVEncoder.encode(
            TLVElement(
                .structure([
                    TLVElement(tag: .context(2), .bytes(Self.nonce)), TLVElement(tag: .context(1), .bytes([1])),
                ])))
        #expect(throws: AttestationError.self) { try NOCSRElements(tlv: swapped) }
    }

    @Test func signatureOverElementsAndChallenge() throws {
        let dac = P256KeyPair.generate()
        let elements = AttestationElements(certificationDeclaration: [1], attestationNonce: Self.nonce).tlvEncoded
        let signature = try AttestationSignature.sign(elements: elements, challenge: Self.challenge, with: dac)
        #expect(try dac.publicKey.isValidSignature(signature, for: elements + Self.challenge))
        #expect(
            AttestationSignature.isValid(
                signature, elements: elements, challenge: Self.challenge, dacPublicKey: dac.publicKey))
        var otherChallenge = Self.challenge
        otherChallenge[0] ^= 1
        #expect(
            !AttestationSignature.isValid(
                signature, elements: elements, challenge: otherChallenge, dacPublicKey: dac.publicKey))
        #expect(throws: CryptoError.self) {
            try AttestationSignature.sign(elements: elements, challenge: [1], with: dac)
        }
    }

    @Test func decodersAreTotal() throws {
        var generator = SeededGenerator(seed: 8)
        let samples = [
            AttestationElements(certificationDeclaration: [1, 2, 3], attestationNonce: Self.nonce, timestamp: 9)
                .tlvEncoded,
            NOCSRElements(csr: [1, 2], csrNonce: Self.nonce, vendorReserved: [[1]]).tlvEncoded,
        ]
        for sample in samples {
            for length in 0..<sample.count {
                #expect(throws: AttestationError.self) { try AttestationElements(tlv: Array(sample.prefix(length))) }
                #expect(throws: AttestationError.self) { try NOCSRElements(tlv: Array(sample.prefix(length))) }
            }
        }
        for _ in 0..<2000 {
            var input = samples[Int.random(in: 0...1, using: &generator)]
            input[Int.random(in: 0..<input.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            if let decoded = try? AttestationElements(tlv: input) {
                #expect(try AttestationElements(tlv: decoded.tlvEncoded) == decoded)
            }
            if let decoded = try? NOCSRElements(tlv: input) {
                #expect(try NOCSRElements(tlv: decoded.tlvEncoded) == decoded)
            }
            _ = try? CertificationDeclaration(tlv: input)
        }
    }
}
