import MHubTestSupport
import MatterCrypto
import Testing

@testable import MatterCredentials

/// Chain validation RCAC → [ICAC →] NOC over the SDK-converted fixtures, and each rule failing alone.
@Suite struct OperationalCertificateChainTests {
    let fixtures: CertificateFixtures
    let rcac: MatterCertificate
    let icac: MatterCertificate
    let noc: MatterCertificate
    /// 2025-01-01T00:00:00Z, when every fixture chain is valid.
    let time = MatterEpoch.seconds(sinceUnixEpoch: 1_735_689_600)!

    init() throws {
        fixtures = try CertificateFixtures()
        rcac = try fixtures.certificate("rcac-a")
        icac = try fixtures.certificate("icac-a")
        noc = try fixtures.certificate("noc-a")
    }

    @Test func validChains() throws {
        let chain = try OperationalCertificateChain(
            rcac: fixtures.tlv("rcac-a"), icac: fixtures.tlv("icac-a"), noc: fixtures.tlv("noc-a"), at: time)
        #expect(chain.nodeID == 0xDEDE_DEDE_0001_0001)
        #expect(chain.fabricID == 0xFAB0_0000_0000_001D)
        #expect(chain.caseAuthenticatedTags == [0xABCD_0001, 0xABCE_0002])
        #expect(chain.rootPublicKey.uncompressed == (try fixtures.publicKey("rcac-a")))
        #expect(chain.nodePublicKey.uncompressed == (try fixtures.publicKey("noc-a")))

        let rootB = try fixtures.certificate("rcac-b")
        // No ICAC; the NOC carries a non-critical future extension.
        let direct = try OperationalCertificateChain(
            rcac: rootB, icac: nil, noc: fixtures.certificate("noc-b"), at: time)
        #expect(direct.nodeID == 0x1122_3344_5566_7788)
        for name in ["noc-c", "noc-d"] {
            _ = try OperationalCertificateChain(
                rcac: rootB, icac: fixtures.certificate("icac-c"), noc: fixtures.certificate(name), at: time)
        }
        // Without a time, validity periods are not checked (AddNOC).
        _ = try OperationalCertificateChain(rcac: rcac, icac: icac, noc: noc, at: nil)
    }

    @Test func validityPeriods() throws {
        // noc-a is valid from 2023-01-01 and never expires; noc-c expires 2032-03-01.
        let before = MatterEpoch.seconds(sinceUnixEpoch: 1_672_531_199)!
        #expect(throws: CertificateValidationError.notYetValid("NOC")) {
            try OperationalCertificateChain(rcac: rcac, icac: icac, noc: noc, at: before)
        }
        _ = try OperationalCertificateChain(rcac: rcac, icac: icac, noc: noc, at: before + 1)
        // 2041: the RCAC (until 2040-10-15) has expired.
        #expect(throws: CertificateValidationError.expired("RCAC")) {
            try OperationalCertificateChain(
                rcac: rcac, icac: icac, noc: noc, at: MatterEpoch.seconds(sinceUnixEpoch: 2_240_524_800)!)
        }
        let after = MatterEpoch.seconds(sinceUnixEpoch: 1_961_712_001)!
        #expect(throws: CertificateValidationError.expired("NOC")) {
            try OperationalCertificateChain(
                rcac: fixtures.certificate("rcac-b"), icac: fixtures.certificate("icac-c"),
                noc: fixtures.certificate("noc-c"), at: after)
        }
    }

    @Test func structuralFailures() throws {
        #expect(throws: CertificateValidationError.wrongKind("RCAC")) {
            try OperationalCertificateChain(rcac: icac, icac: nil, noc: noc, at: time)
        }
        #expect(throws: CertificateValidationError.wrongKind("ICAC")) {
            try OperationalCertificateChain(rcac: rcac, icac: rcac, noc: noc, at: time)
        }
        #expect(throws: CertificateValidationError.issuerMismatch("NOC")) {
            try OperationalCertificateChain(rcac: rcac, icac: nil, noc: noc, at: time)
        }
        // An ICAC of another chain.
        #expect(throws: CertificateValidationError.self) {
            try OperationalCertificateChain(rcac: rcac, icac: fixtures.certificate("icac-c"), noc: noc, at: time)
        }
        var forged = noc
        forged.signature[10] ^= 1
        #expect(throws: CertificateValidationError.badSignature("NOC")) {
            try OperationalCertificateChain(rcac: rcac, icac: icac, noc: forged, at: time)
        }
        var selfSigned = rcac
        selfSigned.signature[10] ^= 1
        #expect(throws: CertificateValidationError.badSignature("RCAC")) {
            try OperationalCertificateChain(rcac: selfSigned, icac: icac, noc: noc, at: time)
        }
        #expect(throws: CertificateValidationError.malformed("NOC", .tooLarge(size: 401, limit: 400))) {
            try OperationalCertificateChain(
                rcac: fixtures.tlv("rcac-a"), icac: nil, noc: [UInt8](repeating: 0, count: 401), at: nil)
        }
    }

    @Test func rulesFailingAlone() throws {
        // Each case changes one thing and signs again with the real issuer key, so only that rule fails.
        var notCA = icac
        notCA.extensions[0] = .basicConstraints(isCA: false, pathLength: nil)
        try expectFailure(icac: fixtures.resigned(notCA, by: "rcac-a"), .usageNotAllowed("the ICAC is not a CA"))

        var noCertSign = icac
        noCertSign.extensions[1] = .keyUsage(.cRLSign)
        try expectFailure(
            icac: fixtures.resigned(noCertSign, by: "rcac-a"), .usageNotAllowed("the ICAC's keyUsage lacks keyCertSign")
        )

        var rootPathZero = rcac
        rootPathZero.extensions[0] = .basicConstraints(isCA: true, pathLength: 0)
        let rootZero = try fixtures.resigned(rootPathZero, by: "rcac-a")
        #expect(throws: CertificateValidationError.pathLengthExceeded("RCAC")) {
            try OperationalCertificateChain(rcac: rootZero, icac: icac, noc: noc, at: time)
        }

        var noServerAuth = noc
        noServerAuth.extensions[2] = .extendedKeyUsage([.clientAuth])
        try expectFailure(
            noc: fixtures.resigned(noServerAuth, by: "icac-a"),
            .usageNotAllowed("the NOC's extKeyUsage lacks serverAuth"))

        var noDigitalSignature = noc
        noDigitalSignature.extensions[1] = .keyUsage(.keyAgreement)
        try expectFailure(
            noc: fixtures.resigned(noDigitalSignature, by: "icac-a"),
            .usageNotAllowed("the NOC's keyUsage lacks digitalSignature"))

        var otherFabric = noc
        otherFabric.subject.attributes[1] = .matterFabricID(0x1234)
        try expectFailure(noc: fixtures.resigned(otherFabric, by: "icac-a"), .fabricMismatch)

        var badNode = noc
        badNode.subject.attributes[0] = .matterNodeID(0xFFFF_FFFF_0000_0001)
        try expectFailure(noc: fixtures.resigned(badNode, by: "icac-a"), .invalidNodeID)

        var repeatedTag = noc
        repeatedTag.subject.attributes[3] = .matterCASEAuthenticatedTag(0xABCD_0002)
        try expectFailure(noc: fixtures.resigned(repeatedTag, by: "icac-a"), .invalidCASEAuthenticatedTags)

        var otherKeyID = noc
        otherKeyID.extensions[4] = .authorityKeyIdentifier([UInt8](repeating: 7, count: 20))
        try expectFailure(noc: fixtures.resigned(otherKeyID, by: "icac-a"), .keyIdentifierMismatch("NOC"))

        var noKeyID = noc
        noKeyID.extensions.remove(at: 4)
        try expectFailure(noc: fixtures.resigned(noKeyID, by: "icac-a"), .missingKeyIdentifier("NOC"))

        var critical = noc
        critical.extensions.append(
            .future(DER.sequence([DER.objectIdentifier(OID(1, 2, 3, 4)), DER.boolean(true), DER.octetString([])])))
        try expectFailure(
            noc: fixtures.resigned(critical, by: "icac-a"), .usageNotAllowed("the NOC has a critical unknown extension")
        )
    }

    private func expectFailure(
        icac: MatterCertificate? = nil, noc: MatterCertificate? = nil, _ error: CertificateValidationError,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(throws: error, sourceLocation: sourceLocation) {
            try OperationalCertificateChain(rcac: rcac, icac: icac ?? self.icac, noc: noc ?? self.noc, at: time)
        }
    }
}

/// Chains the hub's tests issue themselves validate, and convert to X.509 and back.
@Suite struct MatterCertificateIssuingTests {
    @Test func issuedChainValidates() throws {
        let rootKey = P256KeyPair.generate()
        let icaKey = P256KeyPair.generate()
        let nodeKey = P256KeyPair.generate()
        let rootName = DistinguishedName([.matterRCACID(1)])
        let icaName = DistinguishedName([.matterICACID(2), .matterFabricID(0x77)])
        let nodeName = DistinguishedName([
            .matterNodeID(0x1234), .matterFabricID(0x77), .matterCASEAuthenticatedTag(0x0001_0002),
            .text(.organizationName, "Acme", printable: true),
        ])
        let rcac = try MatterCertificate.issue(
            .root, subject: rootName, subjectKey: rootKey.publicKey, issuer: rootName, issuerKey: rootKey,
            serialNumber: [1], notBefore: 1000, notAfter: 0)
        let icac = try MatterCertificate.issue(
            .intermediate, subject: icaName, subjectKey: icaKey.publicKey, issuer: rootName, issuerKey: rootKey,
            serialNumber: [2], notBefore: 1000, notAfter: 0)
        let noc = try MatterCertificate.issue(
            .node, subject: nodeName, subjectKey: nodeKey.publicKey, issuer: icaName, issuerKey: icaKey,
            serialNumber: [0x7F, 3], notBefore: 1000, notAfter: 2_000_000_000)
        let chain = try OperationalCertificateChain(
            rcac: rcac.tlvEncoded, icac: icac.tlvEncoded, noc: noc.tlvEncoded, at: 5000)
        #expect(chain.nodeID == 0x1234 && chain.fabricID == 0x77 && chain.caseAuthenticatedTags == [0x0001_0002])
        #expect(chain.nodePublicKey == nodeKey.publicKey)
        for certificate in [rcac, icac, noc] {
            #expect(try MatterCertificate(x509: certificate.x509DER()) == certificate)
            #expect(certificate.tlvEncoded.count <= MatterCertificate.maximumTLVLength)
        }
    }
}
