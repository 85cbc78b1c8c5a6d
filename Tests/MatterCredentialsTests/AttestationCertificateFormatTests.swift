import MHubTestSupport
import MatterCrypto
import Testing

@testable import MatterCredentials

/// The §2.3 format rules: each rule broken alone is named, and good certificates of each kind pass.
@Suite struct AttestationCertificateFormatTests {
    let issuerKey = P256KeyPair.generate()
    let subjectKey = P256KeyPair.generate()
    let notBefore = UTCDateTime(year: 2025, month: 1, day: 1, hour: 0, minute: 0, second: 0)!

    /// A certificate of `kind` whose TBS extensions and name may be replaced, signed by `issuerKey`.
    func make(
        _ kind: AttestationCertificateKind, name: [UInt8]? = nil,
        extensions: (([[UInt8]]) -> [[UInt8]])? = nil, algorithm: OID = .ecdsaWithSHA256
    ) throws -> [UInt8] {
        let subjectName =
            name
            ?? AttestationCertificateBuilder.name(
                commonName: "x", vendorID: 0xFFF1, productID: kind == .dac ? 0x8000 : nil)
        var list = AttestationCertificateBuilder.extensions(
            kind: kind, subjectKey: subjectKey.publicKey, authorityKey: issuerKey.publicKey)
        if let extensions { list = extensions(list) }
        let signatureAlgorithm = DER.sequence([DER.objectIdentifier(algorithm)])
        let tbs = DER.sequence([
            DER.explicit(0, [DER.integer(2)]), DER.integer(7), signatureAlgorithm, subjectName,
            DER.sequence([DER.time(notBefore), DER.time(.noWellDefinedExpiration)]), subjectName,
            DER.sequence([
                DER.sequence([DER.objectIdentifier(.ecPublicKey), DER.objectIdentifier(.prime256v1)]),
                DER.bitString(subjectKey.publicKey.uncompressed),
            ]),
            DER.explicit(3, [DER.sequence(list)]),
        ])
        let signature = try issuerKey.signature(for: tbs)
        return DER.sequence([tbs, signatureAlgorithm, DER.bitString(signature.derEncoded)])
    }

    func expectViolation(
        _ der: [UInt8], _ kind: AttestationCertificateKind, _ reason: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            throws: AttestationError.invalidValue(field: kind.rawValue.uppercased(), reason: reason),
            sourceLocation: sourceLocation
        ) {
            try AttestationCertificateFormat(der: der, kind: kind)
        }
    }

    static func replace(_ index: Int, with element: [UInt8]) -> ([[UInt8]]) -> [[UInt8]] {
        { list in
            var list = list
            list[index] = element
            return list
        }
    }

    @Test func goodCertificatesOfEachKindPass() throws {
        for kind in AttestationCertificateKind.allCases {
            let format = try AttestationCertificateFormat(der: make(kind), kind: kind)
            #expect(format.vendorID == 0xFFF1)
            #expect(format.subjectKeyIdentifier == subjectKey.publicKey.keyIdentifier)
            #expect(format.authorityKeyIdentifier == issuerKey.publicKey.keyIdentifier)
        }
        // The PAA may leave out its AKID, and may have no path length.
        let noAKID = try make(.paa, extensions: { Array($0.prefix(3)) })
        #expect(try AttestationCertificateFormat(der: noAKID, kind: .paa).authorityKeyIdentifier == nil)
        let noPathLength = try make(
            .paa,
            extensions: Self.replace(
                0,
                with: DER.extension(
                    .basicConstraints, critical: true, DER.sequence([DER.boolean(true)]))))
        _ = try AttestationCertificateFormat(der: noPathLength, kind: .paa)
    }

    @Test func eachRuleBrokenAlone() throws {
        let bc = { (critical: Bool, members: [[UInt8]]) in
            DER.extension(.basicConstraints, critical: critical, DER.sequence(members))
        }
        let ku = { (critical: Bool, usage: KeyUsage) in
            DER.extension(
                .keyUsage, critical: critical, DER.namedBits(UInt32(usage.rawValue)))
        }
        expectViolation(
            try make(.dac, extensions: Self.replace(0, with: bc(false, []))), .dac,
            "basicConstraints must appear once, critical")
        expectViolation(
            try make(.dac, extensions: Self.replace(0, with: bc(true, [DER.boolean(true)]))), .dac,
            "basicConstraints must be CA:FALSE without a path length")
        expectViolation(
            try make(.pai, extensions: Self.replace(0, with: bc(true, [DER.boolean(true), DER.integer(1)]))), .pai,
            "basicConstraints must be CA:TRUE, pathlen:0")
        expectViolation(
            try make(.paa, extensions: Self.replace(0, with: bc(true, [DER.boolean(true), DER.integer(2)]))), .paa,
            "basicConstraints must be CA:TRUE with no path length or pathlen:1")
        expectViolation(
            try make(.dac, extensions: { $0 + [$0[0]] }), .dac, "basicConstraints must appear once, critical")
        expectViolation(
            try make(.dac, extensions: Self.replace(1, with: ku(true, [.digitalSignature, .keyAgreement]))), .dac,
            "keyUsage must be exactly digitalSignature")
        expectViolation(
            try make(.dac, extensions: Self.replace(1, with: ku(false, .digitalSignature))), .dac,
            "keyUsage must appear once, critical")
        expectViolation(
            try make(.pai, extensions: Self.replace(1, with: ku(true, .keyCertSign))), .pai,
            "keyUsage must be keyCertSign and cRLSign (and at most digitalSignature)")
        _ = try AttestationCertificateFormat(
            der: make(.pai, extensions: Self.replace(1, with: ku(true, [.keyCertSign, .cRLSign, .digitalSignature]))),
            kind: .pai)
        expectViolation(
            try make(
                .dac,
                extensions: Self.replace(
                    2,
                    with: DER.extension(
                        .subjectKeyIdentifier, critical: false, DER.octetString([1, 2])))),
            .dac, "the subject key identifier must appear once, non-critical, 20 bytes")
        expectViolation(
            try make(.pai, extensions: { Array($0.prefix(3)) }), .pai,
            "the authority key identifier must appear once, non-critical, with a 20-byte keyIdentifier")
        expectViolation(
            try make(.dac, name: AttestationCertificateBuilder.name(commonName: "x", vendorID: 0xFFF1, productID: nil)),
            .dac,
            "a DAC must carry a VID and a PID")
        expectViolation(
            try make(.paa, name: AttestationCertificateBuilder.name(commonName: "x", vendorID: 0xFFF1, productID: 1)),
            .paa,
            "a PAA must not carry a PID")
        let lowercase = DER.sequence([
            DER.set([DER.sequence([DER.objectIdentifier(.matterVendorID), DER.string(DERTag.utf8String, "fff1")])])
        ])
        expectViolation(try make(.pai, name: lowercase), .pai, "the VID must be exactly four uppercase hex digits")
        expectViolation(
            try make(.dac, algorithm: OID(1, 2, 840, 10045, 4, 3, 3)), .dac,
            "the signature algorithm is not ecdsa-with-SHA256")
        #expect(throws: AttestationError.self) {
            try AttestationCertificateFormat(der: [UInt8](repeating: 0x30, count: 601), kind: .dac)
        }
    }
}
