import Foundation
import MHubTestSupport
import MatterCredentials
import MatterCrypto
import Testing

/// mhub's credentials checked by the CHIP SDK itself (`home-assistant-chip-core` 2025.7.0, `Peers/chip_credentials.py`):
/// the SDK converts certificates the Swift code issues, TLV → X.509 and X.509 → TLV, and the bytes must be
/// mhub's own conversions; the SDK's own issuer accepts mhub's CSR and issues a chain mhub validates; the SDK
/// computes the same compressed fabric ID. The wheel offers nothing for Certification Declarations or attestation
/// chains, so `openssl` checks those: `verify -x509_strict` at the DAC's notBefore (as the controller's
/// `ValidateCertificateChain` does) and `cms -verify` with a certificate for the CHIP test CD key.
///
/// Skipped outside CI when the controller cannot run here, like `ChipControllerPeerTests` (whose
/// `ChipController` finds the environment); in CI a missing prerequisite fails the suite.
@Suite(.serialized, .enabled(if: ChipController.shouldRun))
struct ChipCredentialsPeerTests {
    static let script = ChipController.peers.appendingPathComponent("chip_credentials.py")
    static let fabricID: UInt64 = 0x0000_0000_FAB1_0001

    /// Swift-issued operational certificates: a controller-shaped chain with CATs and PrintableString, and a
    /// NOC straight under the root with a DomainComponent, a future extension and no expiry.
    static func issueCertificates(now: UInt32) throws -> [String: MatterCertificate] {
        let rootKey = P256KeyPair.generate()
        let icaKey = P256KeyPair.generate()
        let rootName = DistinguishedName([
            .text(.commonName, "mhub test root", printable: true), .matterRCACID(0xCA_0001),
        ])
        let icaName = DistinguishedName([.matterICACID(0xCA_0002), .matterFabricID(fabricID)])
        let rcac = try MatterCertificate.issue(
            .root, subject: rootName, subjectKey: rootKey.publicKey, issuer: rootName, issuerKey: rootKey,
            serialNumber: [0x01, 0x02], notBefore: now - 3600, notAfter: now + 86_400 * 3650)
        let icac = try MatterCertificate.issue(
            .intermediate, subject: icaName, subjectKey: icaKey.publicKey, issuer: rootName, issuerKey: rootKey,
            serialNumber: [0x03], notBefore: now - 3600, notAfter: now + 86_400 * 3650)
        let nodeName = DistinguishedName([
            .matterNodeID(0x0000_0000_0000_4321), .matterFabricID(fabricID), .matterCASEAuthenticatedTag(0xABCD_0001),
            .matterCASEAuthenticatedTag(0x1234_0003), .text(.organizationName, "mhub", printable: true),
        ])
        let noc = try MatterCertificate.issue(
            .node, subject: nodeName, subjectKey: P256KeyPair.generate().publicKey, issuer: icaName, issuerKey: icaKey,
            serialNumber: [0x7A, 0x55, 0x01], notBefore: now - 60, notAfter: now + 86_400 * 365)
        var direct = try MatterCertificate.issue(
            .node,
            subject: DistinguishedName([
                .matterNodeID(0x0000_0000_0000_0002), .matterFabricID(fabricID),
                .text(.domainComponent, "example", printable: false), .text(.localityName, "Zürich", printable: false),
            ]),
            subjectKey: P256KeyPair.generate().publicKey, issuer: rootName, issuerKey: rootKey, serialNumber: [0x09],
            notBefore: now - 60, notAfter: 0)
        direct.extensions.append(
            .future(
                DER.sequence([
                    DER.objectIdentifier(OID(2, 16, 840, 1, 113_730, 1, 13)),
                    DER.octetString(DER.string(DERTag.ia5String, "mhub")),
                ])))
        direct = try MatterCertificate.signed(direct, by: rootKey)
        return ["rcac": rcac, "icac": icac, "noc": noc, "direct-noc": direct]
    }

    @Test func theSDKConvertsIssuesAndDerivesAsMhubDoes() throws {
        let python = try ChipController.requirePython()
        let directory = try TemporaryDirectory()
        let unixNow = Int64(Date().timeIntervalSince1970)
        let now = try #require(MatterEpoch.seconds(sinceUnixEpoch: unixNow))
        let certificates = try Self.issueCertificates(now: now)
        for (name, certificate) in certificates {
            try write(certificate.tlvEncoded, directory.path("\(name).tlv"))
            try write(certificate.x509DER(), directory.path("\(name).der"))
        }
        let operationalKey = P256KeyPair.generate()
        let csr = try CertificateSigningRequest(key: operationalKey)
        try write(
            NOCSRElements(csr: csr.der, csrNonce: [UInt8](repeating: 0x5A, count: 32)).tlvEncoded,
            directory.path("nocsr.tlv"))
        let root = try certificates["rcac"]!.publicKeyPoint()
        try write(root.uncompressed, directory.path("root.pub"))
        try write(Array(String(Self.fabricID).utf8), directory.path("fabric.id"))

        let report = try runScript(python: python, directory: directory)

        // Both directions, byte for byte.
        for (name, certificate) in certificates.sorted(by: { $0.key < $1.key }) {
            #expect(report.contains("\"\(name).tlv\""), "\(report)")
            let sdkDER = try read(directory.path("\(name).tlv.sdk-der"))
            #expect(hexString(sdkDER) == hexString(try certificate.x509DER()), "\(name): TLV → X.509")
            let sdkTLV = try read(directory.path("\(name).der.sdk-tlv"))
            #expect(hexString(sdkTLV) == hexString(certificate.tlvEncoded), "\(name): X.509 → TLV")
        }

        // The SDK's issuer accepted the CSR; mhub validates what it issued, for the CSR's key.
        let rcac = try read(directory.path("issued-rcac.tlv"))
        let icac = try? read(directory.path("issued-icac.tlv"))
        let noc = try read(directory.path("issued-noc.tlv"))
        let chain = try OperationalCertificateChain(rcac: rcac, icac: icac, noc: noc, at: now + 60)
        #expect(chain.nodeID == 0x4321)
        #expect(chain.nodePublicKey == operationalKey.publicKey)
        for certificate in [chain.rcac, chain.noc] + (chain.icac.map { [$0] } ?? []) {
            #expect(try MatterCertificate(x509: certificate.x509DER()) == certificate)
        }
        #expect(try read(directory.path("issued-ipk")).count == 16)

        let sdkCFID = try #require(UInt64(String(decoding: read(directory.path("cfid")), as: UTF8.self)))
        #expect(sdkCFID == FabricKeys.compressedFabricID(rootPublicKey: root, fabricID: Self.fabricID))
    }

    @Test func openSSLAcceptsTheAttestationChainAndTheCertificationDeclaration() throws {
        _ = try ChipController.requirePython()
        let directory = try TemporaryDirectory()
        var random = SystemRandomNumberGenerator()
        let now = UTCDateTime(secondsSinceUnixEpoch: Int64(Date().timeIntervalSince1970))
        let identity = try AttestationIdentity.make(vendorID: 0xFFF1, productID: 0x8000, now: now, using: &random)
        try verifyChain(of: identity, in: directory)

        // A certificate for the CHIP test CD key (its subject key identifier is the kid) lets openssl check the
        // CMS signature; -noverify skips the signer certificate's own chain.
        let key = TestCDSigningKey.keyPair
        let name = AttestationCertificateBuilder.name(commonName: "CD signer", vendorID: nil, productID: nil)
        let signer = try AttestationCertificateBuilder.certificate(
            kind: .paa, serialNumber: [1], issuerName: name, issuerKey: key, subjectName: name,
            subjectKey: key.publicKey,
            notBefore: now, notAfter: .noWellDefinedExpiration)
        try write(signer, directory.path("signer.x509"))
        try openssl([
            "x509", "-inform", "der", "-in", directory.path("signer.x509"), "-out", directory.path("signer.pem"),
        ])
        try write(identity.certificationDeclaration, directory.path("cd.der"))
        try openssl([
            "cms", "-verify", "-binary", "-noverify", "-inform", "der", "-in", directory.path("cd.der"), "-certfile",
            directory.path("signer.pem"), "-out", directory.path("cd-content"),
        ])
        let content = try read(directory.path("cd-content"))
        let declaration = try CertificationDeclaration(tlv: content)
        #expect(declaration.vendorID == 0xFFF1 && declaration.productIDs == [0x8000])
    }

    /// A simulated device's chain, under the devices' authority and its PAA without a VID, passes the same check.
    @Test func openSSLAcceptsADeviceChainUnderTheVendorlessPAA() throws {
        _ = try ChipController.requirePython()
        let directory = try TemporaryDirectory()
        var random = SystemRandomNumberGenerator()
        let now = UTCDateTime(secondsSinceUnixEpoch: Int64(Date().timeIntervalSince1970))
        var authority = try AttestationAuthority.make(now: now, using: &random)
        _ = try authority.issue(vendorID: 0xFFF1, productID: 0x8000, deviceTypeID: 0x0100, now: now, using: &random)
        let identity = try authority.issue(
            vendorID: 0xFFF2, productID: 0x8001, deviceTypeID: 0x010D, now: now, using: &random)
        try verifyChain(of: identity, in: directory)
        let subject = try openssl(["x509", "-noout", "-subject", "-in", directory.path("paa.pem")])
        #expect(subject.contains("mhub Devices PAA") && !subject.contains("1.3.6.1.4.1.37244.2.1"), "\(subject)")
    }

    /// `openssl verify -x509_strict` of the identity's PAA → PAI → DAC at the DAC's notBefore, as the controller's
    /// `ValidateCertificateChain` checks it; leaves each certificate as NAME.pem in `directory`.
    private func verifyChain(of identity: AttestationIdentity, in directory: TemporaryDirectory) throws {
        for (name, der) in [("paa", identity.paa), ("pai", identity.pai), ("dac", identity.dac)] {
            try write(der, directory.path("\(name).x509"))
            try openssl([
                "x509", "-inform", "der", "-in", directory.path("\(name).x509"), "-out", directory.path("\(name).pem"),
            ])
        }
        let dacNotBefore = try X509Certificate(der: identity.dac).notBefore.secondsSinceUnixEpoch
        let verified = try openssl([
            "verify", "-x509_strict", "-attime", String(dacNotBefore), "-CAfile", directory.path("paa.pem"),
            "-untrusted", directory.path("pai.pem"), directory.path("dac.pem"),
        ])
        #expect(verified.contains("OK"))
    }

    private func runScript(python: URL, directory: TemporaryDirectory) throws -> String {
        let arguments = [
            "90", ChipController.sandbox.path, directory.path("scratch"), python.path, Self.script.path,
            directory.url.path,
        ]
        let result = try runProcess(URL(fileURLWithPath: "/usr/bin/timeout"), arguments, timeout: 100)
        let lastLine = result.output.split(separator: "\n").last.map(String.init) ?? ""
        guard result.status == 0, lastLine.hasPrefix("{"), lastLine.contains("\"errors\": {}") else {
            throw TestFailure(
                "chip_credentials.py ended with \(result.status):\n\(result.output.suffix(4000))\n\(result.errors.suffix(2000))"
            )
        }
        return lastLine
    }

    @discardableResult
    private func openssl(_ arguments: [String]) throws -> String {
        let result = try runProcess(URL(fileURLWithPath: "/usr/bin/openssl"), arguments)
        guard result.status == 0 else {
            throw TestFailure("openssl \(arguments.joined(separator: " ")) failed:\n\(result.output)\n\(result.errors)")
        }
        return result.output + result.errors
    }

    private func write(_ bytes: [UInt8], _ path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    private func read(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
