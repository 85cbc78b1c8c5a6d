import MHubTestSupport
import MatterTLV
import Testing

@testable import MatterCredentials

/// Decoding and encoding the Matter TLV certificate form (Matter Core §6.5.2) against the SDK's own TLV.
@Suite struct MatterCertificateTLVTests {
    let fixtures: CertificateFixtures

    init() throws {
        fixtures = try CertificateFixtures()
    }

    @Test(arguments: CertificateFixtures.names)
    func decodeThenEncodeIsIdentity(name: String) throws {
        let tlv = try fixtures.tlv(name)
        let certificate = try MatterCertificate(tlv: tlv)
        #expect(certificate.tlvEncoded == tlv)
        #expect(certificate.publicKey == (try fixtures.publicKey(name)))
        #expect(certificate.signature.count == 64)
        #expect(certificate.subjectKeyIdentifier?.count == 20)
        #expect(certificate.authorityKeyIdentifier?.count == 20)
    }

    @Test func chainAFields() throws {
        let root = try fixtures.certificate("rcac-a")
        #expect(root.serialNumber == [0x01])
        #expect(root.subject == DistinguishedName([.matterRCACID(0xCACA_CACA_0000_0001)]))
        #expect(root.issuer == root.subject)
        #expect(root.kind == .root)
        #expect(root.isCA && root.pathLengthConstraint == 1)
        #expect(root.keyUsage == [.keyCertSign, .cRLSign])
        #expect(root.subjectKeyIdentifier == root.authorityKeyIdentifier)
        // 2020-10-15T14:23:43Z and 2040-10-15T14:23:42Z in seconds since 2000-01-01.
        #expect(root.notBefore == 656_087_023)
        #expect(root.notAfter == 1_287_239_022)

        let intermediate = try fixtures.certificate("icac-a")
        #expect(intermediate.kind == .intermediate)
        #expect(intermediate.subject.icacID == 0xCACA_CACA_0000_0002)
        #expect(intermediate.subject.fabricID == 0xFAB0_0000_0000_001D)
        #expect(intermediate.issuer == root.subject)
        #expect(intermediate.authorityKeyIdentifier == root.subjectKeyIdentifier)
        #expect(intermediate.serialNumber == [0x7D, 0x41])

        let node = try fixtures.certificate("noc-a")
        #expect(node.kind == .node)
        #expect(node.subject.nodeID == 0xDEDE_DEDE_0001_0001)
        #expect(node.subject.fabricID == 0xFAB0_0000_0000_001D)
        #expect(node.subject.caseAuthenticatedTags == [0xABCD_0001, 0xABCE_0002])
        #expect(node.notAfter == 0)
        #expect(node.isCA == false && node.pathLengthConstraint == nil)
        #expect(node.keyUsage == .digitalSignature)
        #expect(node.extendedKeyUsage == [.clientAuth, .serverAuth])
        // The serial's top bit is set, so its INTEGER content starts with a zero byte.
        #expect(node.serialNumber == [0x00, 0x8A, 0x5F, 0x3C, 0x21, 0x0B, 0x9E, 0x77, 0xD4])
    }

    @Test func stringAttributesKeepTheirKind() throws {
        let root = try fixtures.certificate("rcac-b")
        #expect(
            root.subject.attributes == [
                .text(.commonName, "Matter Test Root", printable: false),
                .text(.countryName, "US", printable: true),
                .text(.stateOrProvinceName, "CA", printable: false),
                .text(.localityName, "Mountain View", printable: true),
                .matterRCACID(1),
            ])
        let node = try fixtures.certificate("noc-b")
        #expect(node.subject.attributes.last == .text(.domainComponent, "example", printable: false))
        #expect(node.extensions.contains { if case .future = $0 { true } else { false } })
        #expect(try fixtures.certificate("noc-d").subject.attributes[1] == .text(.pseudonym, "Nodé", printable: false))
        #expect(try fixtures.certificate("firmware").kind == .firmwareSigning)
    }

    @Test func tooLargeInputIsRefused() throws {
        #expect(throws: CertificateFormatError.tooLarge(size: 401, limit: 400)) {
            try MatterCertificate(tlv: [UInt8](repeating: 0, count: 401))
        }
    }

    @Test func fieldsOutOfOrderOrExtraAreRefused() throws {
        let certificate = try fixtures.certificate("noc-a")
        guard case .structure(var members) = try TLVDecoder().decodeElement(certificate.tlvEncoded).value else {
            Issue.record("not a structure")
            return
        }
        var swapped = members
        swapped.swapAt(3, 4)
        #expect(throws: CertificateFormatError.self) {
            try MatterCertificate(tlv: TLVEncoder.encode(TLVElement(.structure(swapped))))
        }
        members.append(TLVElement(tag: .context(12), .unsigned(0)))
        #expect(throws: CertificateFormatError.self) {
            try MatterCertificate(tlv: TLVEncoder.encode(TLVElement(.structure(members))))
        }
        // Not anonymous.
        let tagged = TLVEncoder.encode(TLVElement(tag: .context(1), .structure(Array(members.dropLast()))))
        #expect(throws: CertificateFormatError.notAnonymousStructure) { try MatterCertificate(tlv: tagged) }
    }

    @Test func invalidValuesAreRefused() throws {
        let good = try fixtures.certificate("noc-a")
        var badKey = good
        badKey.publicKey.removeLast()
        var badSignature = good
        badSignature.signature.append(0)
        var badCAT = good
        badCAT.subject.attributes[2] = .matterCASEAuthenticatedTag(0xABCD_0000)
        var emptySerial = good
        emptySerial.serialNumber = []
        var badValidity = good
        badValidity.notAfter = good.notBefore
        var decipherOnly = good
        decipherOnly.extensions[1] = .keyUsage([.digitalSignature, .decipherOnly])
        var shortKeyID = good
        shortKeyID.extensions[3] = .subjectKeyIdentifier([1, 2, 3])
        var twice = good
        twice.extensions.append(.keyUsage(.digitalSignature))
        var sixAttributes = good
        sixAttributes.subject.attributes += [
            .matterCASEAuthenticatedTag(0x1_0001), .matterCASEAuthenticatedTag(0x2_0001),
        ]
        for bad in [
            badKey, badSignature, badCAT, emptySerial, badValidity, decipherOnly, shortKeyID, twice, sixAttributes,
        ] {
            #expect(throws: CertificateFormatError.self) { try MatterCertificate(tlv: bad.tlvEncoded) }
        }
        // A Matter attribute with the PrintableString bit.
        let printableNodeID = TLVEncoder.encode(
            TLVElement(.list([TLVElement(tag: .context(0x91), .unsigned(1))])))
        #expect(throws: CertificateFormatError.self) {
            _ = try DistinguishedName(tlv: TLVDecoder().decodeElement(printableNodeID).value.members!, field: "subject")
        }
    }

    @Test func everyTruncationAndRandomBytesAreRefusedWithoutTrapping() throws {
        let tlv = try fixtures.tlv("noc-b")
        for length in 0..<tlv.count {
            #expect(throws: CertificateFormatError.self) { try MatterCertificate(tlv: Array(tlv.prefix(length))) }
        }
        var generator = SeededGenerator(seed: 41)
        for round in 0..<3000 {
            var input = tlv
            if round % 2 == 0 {
                // Flip a few bytes of a real certificate, so decoding gets deep before it fails.
                for _ in 0..<(1 + round % 4) {
                    input[Int.random(in: 0..<input.count, using: &generator)] = UInt8.random(
                        in: 0...255, using: &generator)
                }
            } else {
                input = generator.bytes(Int.random(in: 0...400, using: &generator))
            }
            if let certificate = try? MatterCertificate(tlv: input) {
                // Whatever decodes, encodes and decodes to itself.
                #expect(try MatterCertificate(tlv: certificate.tlvEncoded) == certificate)
            }
        }
    }

    /// Found by the certificate fuzz target: a subject whose PrintableString attribute holds "&" decoded, converted
    /// to X.509 DER that no DER reader accepts, and so did not convert back. Such a string is refused at decode.
    @Test func aPrintableStringOutsideItsSetIsRefusedAtDecode() throws {
        let input = try #require(
            bytes(
                fromHex:
                    "153001010424020137032c09094272696467652043412c0a0c496e7465726d6564696174652c0b034164612c0c02414c241305182604801eb02926050016803c37062c02084c6f76656c6163652c83073132332d3435262c0d034949492711ffffffffefffffff2715ffffffffffffffff1824070124080130094104651733505b9cf6ff80789eb04bf131de26330476ab8f59e8b486fe3bdcea206c3806919a7c87e3c4b96dfe6724c06d909f00a2738832890517bcce1e6b6b4bf0370a35012801182402013603040204011830041491bd2c0f3ac50f7a9b4dbad52117bce004e4897c3005143ff252a90ba986a1ca22d6ee5aaf34d569a7734a18300b40cef43e02e3533a7fec66e77eb0cc517a0956265b9362c649fed932d5a82092a5df2f0230fef0408e20a1c9d4252e3724371e960339612a6d543116ab0ca670a618"
            ))
        #expect(throws: CertificateFormatError.self) { try MatterCertificate(tlv: input) }
    }

    /// Found by the certificate fuzz target: a 65-byte public key that is not an uncompressed point (first byte not
    /// 0x04) decoded from TLV, while its X.509 form was refused. Refused at decode now, in both forms alike.
    @Test func aPublicKeyThatIsNotAnUncompressedPointIsRefusedAtDecode() throws {
        let input = try #require(
            bytes(
                fromHex:
                    "153001010524020137032c09094272696467652043412c0a0c496e7465726d6564696174652c0b034164612c0c02414c241305182604801eb02926050016803c37062c8e0271312c0f054e6f64c3a924110224150226160100010018240701240801300941a396048a1ef8cbb8a575a3b0dfe10a6361f70e2a92f5acbd299496f057c4e4f9b9e623870ba5cf49224ba870c10280e9014a22424a411d2d3ecd7d8597977db1dd370a350128011824029f360304020401183004146fefa10aef9712a922f7d651744b42c5166a23983005143ff252a90ba986a1ca22d6ee5aaf34d569a7734a18300b4084e360af32ddc55296c31cfe8649d2bbb81a24c5eb3a61ca18560d5afbded322f58a86b0f05a4ec6d4550d29b0a4a4cc836ac12244f211816fd4e027c6fe22fa18"
            ))
        #expect(throws: CertificateFormatError.self) { try MatterCertificate(tlv: input) }
    }

    /// Found by the certificate fuzz target: a serial number that is not a minimal INTEGER encoding decoded from
    /// TLV, and its X.509 form was not DER. Refused at decode now.
    @Test func aSerialNumberThatIsNotAMinimalIntegerIsRefusedAtDecode() throws {
        let input = try #require(
            bytes(
                fromHex:
                    "153001090043686172616374652402013703271302000000cacacaca27151d0000000000b0fa1826048089432b2405003706271101000100dededede27151d0000000000b0fa26160100cdab26160200ceab1824070124080130094104f6c60d358e2682bdb1adbe0bd0724b9451a0a0a684b24aa7fce49aa608d5c62330112ef9f61aab4d819a69212bb6db96bc13bf0b02170a386386405744e19633370a350128011824020136030402040118300414828201fa3c6d2f55000bb2aa4a4f19669e1d3c88300514c1f88592c7b2ebdf16ecec70c806e01041ac0ff118300b4094ff8d91176c9683af0d578c68ca43c5efc2798e49965d05699eb0a4b2d080a7ffb313a575dbadd98260a379821655f840bab063f5b4312fe428cdca12b82edd18"
            ))
        #expect(throws: CertificateFormatError.self) { try MatterCertificate(tlv: input) }
    }

    /// Found by the certificate fuzz target: node ID 0 in a subject decoded from TLV while its X.509 form was
    /// refused. The TLV form now takes the same value rules (operational node IDs, fabric ID not 0).
    @Test func aNodeIDThatIsNotOperationalIsRefusedAtDecode() throws {
        let input = try #require(
            bytes(
                fromHex:
                    "153001010524020137032c09094272696467652043412c0a0c496e7465726d6564696174652c0b034164612c0c02414c241305182604801eb02926050016803c37062c8e0271312c0f054e6f64c3a924110024150226162b00012f1824070124080130094104a3968a1ef8cbb8a575a3b0dfe10a6361f70e2a92f5acbd299496f057c4e4f9b9e623870ba5cf49224ba870c10280e9014a22424a411d2d3ecd7d8597977db1dd370a350128011824029f360304020401183004146fefa10aef9712a922f7d651744b42c5166a23983005143ff252a90ba986a1ca22d6ee5aaf34d569a7734a18300b4084e360af32ddc55296c31cfe8649d2bbb81a24c5eb3a61ca18560d5afbded322f58a86b0f05a4ec6d4550d29b0a4a4cc836ac12244f211816fd4e027c6fe22fa18"
            ))
        #expect(throws: CertificateFormatError.self) { try MatterCertificate(tlv: input) }
    }

    /// Found by the certificate fuzz target: a not-after of 0xFFFFFFFF (early 2136) decoded from TLV while its X.509
    /// form was refused (years 2000–2135). Refused at decode now.
    @Test func aTimeAfter2135IsRefusedAtDecode() throws {
        let input = try #require(
            bytes(
                fromHex:
                    "153001010224020137032c01104d6174746572205465737420526f6577241401182604402e732d2605ffffffff37062c870441636d652c08084c69676874696e67271188776655443322112415012c10076578616d706c65182407012408013009410477bdc939839b56bd06f5291a9e3eba3aef069353791729b41e5d17695672872a48daafdf984046f2952289718244ff954c1f24dcb0c3ab1451f9b288e6da0f77370a350128011824020136030402040118300414d2c205e8fafee58cf084ce385755f94d277f1be43005147b43d03714a1b082fb2615cd1be4d4ac973daa603006153013060986604801866642000d040616046d68756218300b40eed779f495b39a5ab4069251818d998e86db5f75226b1b6d90055658c2fffb41f31f0e007e0a90ebabc6a0f566875e1d08ce6e6ce251873498cbe5502b4f9d1518"
            ))
        #expect(throws: CertificateFormatError.self) { try MatterCertificate(tlv: input) }
    }

    /// Found by the certificate fuzz target: basic constraints with a path length but is-ca false decoded from TLV,
    /// whose X.509 form DER does not allow. Refused at decode now.
    @Test func aPathLengthWithoutCAIsRefusedAtDecode() throws {
        let input = try #require(
            bytes(
                fromHex:
                    "153001027d4124020137032713ff000000cacacaca182604ef171b2726056eb5b94c3706271302000000cacacaca27151d0000000000b0fa1824070124080130094104bb51510b14e2ab30243e25a4e4f71863bb82c477ed21af255122264e9f50001a6582a3a9826e3dfaab7393829378b8d111e3400c22c7b54ef810dcb7b7343691370a3501280124020018240260300414c1f88592c7b2ebdf16ecec70c806e01041ac0ff1300514003169d48a6b376a6b41c9642cbbf4a8d29f0abd18300b40a860756632b5ae6a2d8f37e5484dffa8e93eecdf89d840117326f156bd54e9aba9c329ee4569b01c412316e50f3130e3fec4ce90f5e49975d7b7fcd2f3199b4b18"
            ))
        #expect(throws: CertificateFormatError.self) { try MatterCertificate(tlv: input) }
    }

    /// Found by the certificate fuzz target: a DomainComponent with the PrintableString bit, which X.509 writes as an
    /// IA5String whatever the bit says, so the round trip lost the bit. Refused at decode now.
    @Test func aDomainComponentMarkedPrintableIsRefusedAtDecode() throws {
        let input = try #require(
            bytes(
                fromHex:
                    "153001010224020137032c01104d6174746572205465737420526f6f742c840255532c060243412c850d4d6f756e7461696e2056696577241401182604402e732d26057f320d5e37062c870441636d652c08084c69676874696e67271188776655443322112415012c90076578616d706c65182407012408013009410477bdc939839b56bd06f5291a9e3eba3aef069353791729b41e5d17695672872a48daafdf984046f2952289718244ff954c1f24dcb0c3ab1451f9b288e6da0f77370a300615301306096086480186f842010d040616046d68756218300b40eed779f495b39a5ab4069251818d998e86db5f75226b1b6d90055658c2fffb41f31f0e007e0a90ebabc6a0f566875e1d08ce6e6ce251873498cbe5502b4f9d1518"
            ))
        #expect(throws: CertificateFormatError.self) { try MatterCertificate(tlv: input) }
    }

    private func bytes(fromHex text: String) -> [UInt8]? {
        var result: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            guard let byte = UInt8(text[index..<next], radix: 16) else { return nil }
            result.append(byte)
            index = next
        }
        return result
    }
}
