import MHubTestSupport
import MatterCredentials
import MatterCrypto
import MatterDataModel
import MatterInteraction
import MatterSecureChannel
import MatterTLV

/// A commissioner for tests, in the order of CHIP's `AutoCommissioner` over UDP (matter-commissionee.md §1): PASE,
/// the two commissioning-info reads, ArmFailSafe, SetRegulatoryConfig, the PAI and DAC, AttestationRequest,
/// CSRRequest, AddTrustedRootCertificate, AddNOC, CASE, CommissioningComplete over CASE. It checks what a CHIP
/// controller checks of each answer (the attestation signature with the DAC and the challenge, the nonces, the
/// CSR's own signature, the NOCResponse) and issues the fabric's certificates with a `TestCertificateAuthority`.
public struct MatterTestCommissioner {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// What the first read says (stage 1).
    public struct CommissioningInfo: Equatable, Sendable {
        public var breadcrumb: UInt64?
        public var failSafeExpirySeconds: UInt64?
        public var regulatoryConfig: UInt64?
        public var locationCapability: UInt64?
        public var vendorID: UInt64?
        public var productID: UInt64?
        /// The statuses of the second read's ICD paths.
        public var icdStatuses: [InteractionModelStatus]

        public init(
            breadcrumb: UInt64?, failSafeExpirySeconds: UInt64?, regulatoryConfig: UInt64?,
            locationCapability: UInt64?, vendorID: UInt64?, productID: UInt64?, icdStatuses: [InteractionModelStatus]
        ) {
            self.breadcrumb = breadcrumb
            self.failSafeExpirySeconds = failSafeExpirySeconds
            self.regulatoryConfig = regulatoryConfig
            self.locationCapability = locationCapability
            self.vendorID = vendorID
            self.productID = productID
            self.icdStatuses = icdStatuses
        }
    }

    public var controller: MatterTestController
    public let root: TestCertificateAuthority
    public let intermediate: TestCertificateAuthority
    public let fabricID: UInt64
    public let hubNodeID: UInt64
    public let controllerNodeID: UInt64
    public var vendorID: UInt16 = 0xFFF1
    /// The epoch key AddNOC sends (CHIP's `DefaultIpkValue`, "temporary ipk 01").
    public var epochKey = Array("temporary ipk 01".utf8)
    /// The PAA the attestation chain must lead to, if the test checks the chain.
    public var trustedPAA: [UInt8]?
    /// The fabric index AddNOC returned.
    public private(set) var fabricIndex: UInt8?
    /// The key the hub's CSR was for.
    public private(set) var operationalPublicKey: P256Point?
    /// The controller's own identity on the fabric, for CASE.
    public private(set) var controllerFabric: CASEFabric?
    var random: SeededGenerator

    public init(
        passcode: UInt32, fabricID: UInt64, hubNodeID: UInt64, controllerNodeID: UInt64 = 112_233, seed: UInt64
    ) throws {
        controller = MatterTestController(passcode: passcode, seed: seed)
        root = try TestCertificateAuthority.root(id: seed, seed: seed &+ 1)
        intermediate = try root.intermediate(id: seed &+ 2, seed: seed &+ 3)
        self.fabricID = fabricID
        self.hubNodeID = hubNodeID
        self.controllerNodeID = controllerNodeID
        random = SeededGenerator(seed: seed &+ 4)
    }

    // MARK: the whole flow

    /// Every stage in order; returns the fabric index.
    @discardableResult
    public mutating func commission(over transport: inout some MatterTestTransport) throws -> UInt8 {
        try pase(over: &transport)
        let info = try readCommissioningInfo(over: &transport)
        guard info.breadcrumb == 0 else { throw Failure("Breadcrumb is \(String(describing: info.breadcrumb))") }
        try expectOK(armFailSafe(seconds: UInt16(info.failSafeExpirySeconds ?? 60), breadcrumb: 2, over: &transport))
        try expectOK(setRegulatoryConfig(over: &transport))
        let pai = try certificateChain(type: 2, over: &transport)
        let dac = try certificateChain(type: 1, over: &transport)
        try attestation(pai: pai, dac: dac, over: &transport)
        let key = try csr(dac: dac, over: &transport)
        try expect(addTrustedRoot(over: &transport), .success, "AddTrustedRootCertificate")
        let (status, index) = try addNOC(for: key, over: &transport)
        guard status == 0, let index else { throw Failure("AddNOC answered NOCResponse status \(status)") }
        try establishCASE(over: &transport)
        try expectOK(commissioningComplete(over: &transport))
        return index
    }

    func expectOK(_ errorCode: UInt8) throws {
        guard errorCode == 0 else { throw Failure("a commissioning response's ErrorCode is \(errorCode)") }
    }

    func expect(_ status: InteractionModelStatus, _ wanted: InteractionModelStatus, _ stage: String) throws {
        guard status == wanted else { throw Failure("\(stage) answered \(status)") }
    }

    // MARK: stages

    public mutating func pase(over transport: inout some MatterTestTransport) throws {
        let events = try transport.converse(controller.pbkdfParamRequest(), controller: &controller)
        guard events == [.established] else { throw Failure("PASE: \(events)") }
    }

    /// The two reads of stage 1, as CHIP's `ContinueReadingCommissioningInfo` and `FinishReadingCommissioningInfo`
    /// send them (9 paths, then 6).
    public mutating func readCommissioningInfo(over transport: inout some MatterTestTransport) throws
        -> CommissioningInfo
    {
        let first = try read(
            [
                AttributePathIB(endpoint: 0, cluster: 0x30, attribute: 4),
                AttributePathIB(endpoint: 0, cluster: 0x30, attribute: 0),
                AttributePathIB(endpoint: 0, cluster: 0x30, attribute: 1),
                AttributePathIB(endpoint: 0, cluster: 0x30, attribute: 2),
                AttributePathIB(endpoint: 0, cluster: 0x30, attribute: 3),
                AttributePathIB(endpoint: 0, cluster: 0x28, attribute: 2),
                AttributePathIB(endpoint: 0, cluster: 0x28, attribute: 4),
                AttributePathIB(endpoint: 0, cluster: 0x38),
                AttributePathIB(cluster: 0x31, attribute: 0xFFFC),
            ], fabricFiltered: false, over: &transport)
        let second = try read(
            [AttributePathIB(cluster: 0x31, attribute: 5)]
                + [6, 7, 0, 1, 2].map { AttributePathIB(endpoint: 0, cluster: 0x46, attribute: $0) },
            fabricFiltered: false, over: &transport)
        func value(_ cluster: ClusterID, _ attribute: AttributeID) -> AttributeValue? {
            for case .data(_, let path, let value) in first
            where path.cluster == cluster && path.attribute == attribute {
                return value
            }
            return nil
        }
        func number(_ value: AttributeValue?) -> UInt64? {
            if case .unsigned(let number)? = value { number } else { nil }
        }
        var expiry: UInt64?
        if case .structure(let fields)? = value(0x30, 1) { expiry = number(fields[0]) }
        let statuses = second.compactMap { report -> InteractionModelStatus? in
            if case .status(_, let status) = report { status.status } else { nil }
        }
        return CommissioningInfo(
            breadcrumb: number(value(0x30, 0)), failSafeExpirySeconds: expiry, regulatoryConfig: number(value(0x30, 2)),
            locationCapability: number(value(0x30, 3)), vendorID: number(value(0x28, 2)),
            productID: number(value(0x28, 4)), icdStatuses: statuses)
    }

    public mutating func armFailSafe(
        seconds: UInt16, breadcrumb: UInt64, over transport: inout some MatterTestTransport
    )
        throws -> UInt8
    {
        try errorCode(
            invoke(
                cluster: 0x30, command: 0x00,
                fields: [
                    .init(tag: .context(0), .unsigned(UInt64(seconds))), .init(tag: .context(1), .unsigned(breadcrumb)),
                ],
                over: &transport), expecting: 0x01)
    }

    public mutating func setRegulatoryConfig(
        config: UInt8 = 2, countryCode: String = "XX", over transport: inout some MatterTestTransport
    ) throws -> UInt8 {
        try errorCode(
            invoke(
                cluster: 0x30, command: 0x02,
                fields: [
                    .init(tag: .context(0), .unsigned(UInt64(config))), .init(tag: .context(1), .utf8(countryCode)),
                    .init(tag: .context(2), .unsigned(3)),
                ], over: &transport), expecting: 0x03)
    }

    public mutating func certificateChain(type: UInt8, over transport: inout some MatterTestTransport) throws
        -> [UInt8]
    {
        let fields = try responseFields(
            invoke(
                cluster: 0x3E, command: 0x02, fields: [.init(tag: .context(0), .unsigned(UInt64(type)))],
                over: &transport), expecting: 0x03)
        guard case .bytes(let certificate)? = fields.first(where: { $0.tag == .context(0) })?.value else {
            throw Failure("CertificateChainResponse without a certificate")
        }
        return certificate
    }

    /// AttestationRequest, checked as `DefaultDACVerifier` does: the elements' nonce, the signature with the DAC's
    /// key over the elements and the PASE session's attestation challenge, and the chain if a PAA is trusted.
    public mutating func attestation(pai: [UInt8], dac: [UInt8], over transport: inout some MatterTestTransport)
        throws
    {
        let nonce = random.bytes(count: 32)
        let fields = try responseFields(
            invoke(cluster: 0x3E, command: 0x00, fields: [.init(tag: .context(0), .bytes(nonce))], over: &transport),
            expecting: 0x01)
        let (elements, signature) = try twoByteFields(fields, "AttestationResponse")
        let decoded = try AttestationElements(tlv: elements)
        guard decoded.attestationNonce == nonce else { throw Failure("the attestation nonce is not echoed") }
        let dacFormat = try AttestationCertificateFormat(der: dac, kind: .dac)
        guard let challenge = controller.session?.attestationChallenge,
            AttestationSignature.isValid(
                try P256Signature(raw: signature), elements: elements, challenge: challenge,
                dacPublicKey: dacFormat.publicKey)
        else { throw Failure("the attestation signature does not verify with the DAC and the challenge") }
        if let trustedPAA {
            let later = UTCDateTime(secondsSinceUnixEpoch: dacFormat.certificate.notBefore.secondsSinceUnixEpoch + 60)
            _ = try AttestationChain(paa: trustedPAA, pai: pai, dac: dac, at: later)
        }
    }

    /// CSRRequest, checked as `VerifyNodeOperationalCSRInformation` and the issuer do: the nonce, the signature
    /// with the DAC, and the CSR's own signature; returns the key it asks a NOC for.
    public mutating func csr(dac: [UInt8], forUpdateNOC: Bool = false, over transport: inout some MatterTestTransport)
        throws -> P256Point
    {
        let nonce = random.bytes(count: 32)
        var fields: [TLVElement] = [.init(tag: .context(0), .bytes(nonce))]
        if forUpdateNOC { fields.append(.init(tag: .context(1), .bool(true))) }
        let response = try responseFields(
            invoke(cluster: 0x3E, command: 0x04, fields: fields, over: &transport), expecting: 0x05)
        let (elements, signature) = try twoByteFields(response, "CSRResponse")
        let decoded = try NOCSRElements(tlv: elements)
        guard decoded.csrNonce == nonce else { throw Failure("the CSR nonce is not echoed") }
        let dacKey = try AttestationCertificateFormat(der: dac, kind: .dac).publicKey
        guard let challenge = controller.session?.attestationChallenge,
            AttestationSignature.isValid(
                try P256Signature(raw: signature), elements: elements, challenge: challenge, dacPublicKey: dacKey)
        else { throw Failure("the NOCSR signature does not verify with the DAC and the challenge") }
        let request = try CertificateSigningRequest(der: decoded.csr)
        operationalPublicKey = request.publicKey
        return request.publicKey
    }

    public mutating func addTrustedRoot(
        _ certificate: [UInt8]? = nil, over transport: inout some MatterTestTransport
    ) throws -> InteractionModelStatus {
        try status(
            invoke(
                cluster: 0x3E, command: 0x0B, fields: [.init(tag: .context(0), .bytes(certificate ?? root.tlv))],
                over: &transport))
    }

    /// The NOC the fabric's intermediate issues for `key` and the hub's node ID.
    public func nodeCertificate(for key: P256Point) throws -> [UInt8] {
        try intermediate.nodeCertificate(nodeID: hubNodeID, fabricID: fabricID, publicKey: key)
    }

    /// AddNOC with a NOC for `key`; returns NOCResponse's StatusCode and FabricIndex.
    public mutating func addNOC(
        for key: P256Point, noc: [UInt8]? = nil, ipk: [UInt8]? = nil, adminSubject: UInt64? = nil,
        over transport: inout some MatterTestTransport
    ) throws -> (status: UInt8, fabricIndex: UInt8?) {
        let answer = try invoke(
            cluster: 0x3E, command: 0x06,
            fields: [
                .init(tag: .context(0), .bytes(noc ?? nodeCertificate(for: key))),
                .init(tag: .context(1), .bytes(intermediate.tlv)), .init(tag: .context(2), .bytes(ipk ?? epochKey)),
                .init(tag: .context(3), .unsigned(adminSubject ?? controllerNodeID)),
                .init(tag: .context(4), .unsigned(UInt64(vendorID))),
            ], over: &transport)
        let result = try nocResponse(answer)
        if result.status == 0 { fabricIndex = result.fabricIndex }
        return result
    }

    /// The controller's own CASE identity on the fabric: a NOC from the root for its node ID, the derived IPK.
    public mutating func makeControllerFabric() throws -> CASEFabric {
        if let controllerFabric { return controllerFabric }
        let key = P256KeyPair.random(using: &random)
        let ipk = try FabricKeys.operationalGroupKey(
            epochKey: epochKey,
            compressedFabricID: FabricKeys.compressedFabricID(rootPublicKey: root.key.publicKey, fabricID: fabricID))
        let fabric = try CASEFabric(
            fabricIndex: 1, rcac: root.tlv, icac: nil,
            noc: root.nodeCertificate(nodeID: controllerNodeID, fabricID: fabricID, publicKey: key.publicKey), ipk: ipk,
            operationalKey: key)
        controllerFabric = fabric
        return fabric
    }

    /// CASE to the hub's node ID on the fabric; the session becomes the current one.
    public mutating func establishCASE(over transport: inout some MatterTestTransport) throws {
        let initiator = CASEInitiator(
            fabric: try makeControllerFabric(), peerNodeID: hubNodeID, seed: random.next())
        let events = try transport.converse(controller.sigma1(initiator), controller: &controller)
        guard events == [.caseEstablished] else { throw Failure("CASE: \(events)") }
    }

    public mutating func commissioningComplete(over transport: inout some MatterTestTransport) throws -> UInt8 {
        try errorCode(invoke(cluster: 0x30, command: 0x04, over: &transport), expecting: 0x05)
    }

    // MARK: requests and answers

    /// A read on the current session; returns every report of every chunk.
    public mutating func read(
        _ paths: [AttributePathIB], fabricFiltered: Bool = true, over transport: inout some MatterTestTransport
    ) throws -> [AttributeReportIB] {
        let events = try transport.converse(
            controller.readRequest(paths, fabricFiltered: fabricFiltered), controller: &controller)
        var reports: [AttributeReportIB] = []
        for event in events {
            switch event {
            case .report(let report): reports += report.attributeReports ?? []
            case .statusResponse(let response): throw Failure("the read was refused with \(response.status)")
            case .established, .caseEstablished, .statusReport, .invokeResponse, .hubRequest, .writeResponse,
                .subscribeResponse:
                continue
            }
        }
        return reports
    }

    /// One command on the current session; returns its one InvokeResponseIB.
    public mutating func invoke(
        endpoint: UInt16 = 0, cluster: UInt32, command: UInt32, fields: [TLVElement] = [],
        timedMilliseconds: UInt16? = nil, over transport: inout some MatterTestTransport
    ) throws -> InvokeResponseIB {
        let events = try transport.converse(
            controller.invoke(
                endpoint: endpoint, cluster: cluster, command: command, fields: fields,
                timedMilliseconds: timedMilliseconds),
            controller: &controller)
        for event in events {
            if case .invokeResponse(let response) = event, response.invokeResponses.count == 1 {
                return response.invokeResponses[0]
            }
            if case .statusResponse(let response) = event, response.status != .success {
                throw Failure("the invoke was refused with StatusResponse \(response.status)")
            }
        }
        throw Failure(
            "no InvokeResponse for 0x\(String(cluster, radix: 16))/0x\(String(command, radix: 16)): \(events)")
    }

    /// The status of a status-only answer (SUCCESS for a command's success without a response).
    public func status(_ answer: InvokeResponseIB) throws -> InteractionModelStatus {
        guard case .status(_, let status, _) = answer else { throw Failure("expected a status, got \(answer)") }
        return status.status
    }

    public func responseFields(_ answer: InvokeResponseIB, expecting command: UInt32) throws -> [TLVElement] {
        guard case .command(let data) = answer, data.path.command == command else {
            throw Failure("expected response 0x\(String(command, radix: 16)), got \(answer)")
        }
        return data.fields ?? []
    }

    func errorCode(_ answer: InvokeResponseIB, expecting command: UInt32) throws -> UInt8 {
        let fields = try responseFields(answer, expecting: command)
        guard case .unsigned(let code)? = fields.first(where: { $0.tag == .context(0) })?.value,
            case .utf8? = fields.first(where: { $0.tag == .context(1) })?.value
        else { throw Failure("a commissioning response without ErrorCode and DebugText: \(fields)") }
        return UInt8(truncatingIfNeeded: code)
    }

    /// NOCResponse: StatusCode and FabricIndex.
    public func nocResponse(_ answer: InvokeResponseIB) throws -> (status: UInt8, fabricIndex: UInt8?) {
        let fields = try responseFields(answer, expecting: 0x08)
        guard case .unsigned(let status)? = fields.first(where: { $0.tag == .context(0) })?.value else {
            throw Failure("NOCResponse without StatusCode")
        }
        var index: UInt8?
        if case .unsigned(let value)? = fields.first(where: { $0.tag == .context(1) })?.value {
            index = UInt8(truncatingIfNeeded: value)
        }
        return (UInt8(truncatingIfNeeded: status), index)
    }

    func twoByteFields(_ fields: [TLVElement], _ what: String) throws -> ([UInt8], [UInt8]) {
        guard case .bytes(let first)? = fields.first(where: { $0.tag == .context(0) })?.value,
            case .bytes(let second)? = fields.first(where: { $0.tag == .context(1) })?.value
        else { throw Failure("\(what) lacks its two byte strings") }
        return (first, second)
    }
}
