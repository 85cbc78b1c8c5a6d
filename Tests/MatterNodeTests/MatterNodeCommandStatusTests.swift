import MatterCredentials
import MatterCrypto
import MatterDataModel
import MatterInteraction
import MatterTLV
import MatterTestSupport
import Testing

@testable import MatterNode

/// Every malformed or out-of-place command gets its status (CHIP's, in CHIP's order of checks) and changes nothing.
@Suite struct MatterNodeCommandStatusTests {
    /// What a refused command must leave as it was.
    struct Snapshot: Equatable {
        var fabrics: FabricTable
        var committed: FabricTable
        var breadcrumb: UInt64
        var regulatoryConfig: UInt8
        var armed: Bool
        var root: [UInt8]?
        var hasKey: Bool
        var added: UInt8?

        init(_ table: MatterNode) {
            fabrics = table.fabrics
            committed = table.committedFabrics
            breadcrumb = table.rootEndpoint.breadcrumb
            regulatoryConfig = table.rootEndpoint.regulatoryConfig
            armed = table.rootEndpoint.failSafe != nil
            root = table.rootEndpoint.failSafe?.rootCertificate
            hasKey = table.rootEndpoint.failSafe?.operationalKey != nil
            added = table.rootEndpoint.failSafe?.addedFabric
        }
    }

    /// Invokes and expects `status` (and a snapshot that did not move).
    static func refused(
        _ commissioner: inout MatterTestCommissioner, _ harness: inout MatterNodeHarness, cluster: UInt32,
        command: UInt32, fields: [TLVElement] = [], timed: Bool = false, endpoint: UInt16 = 0,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> InvokeResponseIB {
        let before = Snapshot(harness.table)
        let events = try harness.converse(
            commissioner.controller.invoke(
                endpoint: endpoint, cluster: cluster, command: command, fields: fields,
                timedMilliseconds: timed ? 1000 : nil), controller: &commissioner.controller)
        #expect(Snapshot(harness.table) == before, sourceLocation: sourceLocation)
        for case .invokeResponse(let response) in events { return response.invokeResponses[0] }
        throw MatterTestCommissioner.Failure("no InvokeResponse: \(events)")
    }

    static func status(_ answer: InvokeResponseIB) -> StatusIB? {
        if case .status(_, let status, _) = answer { status } else { nil }
    }

    static let nonce = [UInt8](repeating: 7, count: 32)

    @Test func pathsAccessAndFieldsAreCheckedFirst() throws {
        var harness = try MatterNodeHarness()
        var commissioner = try MatterNodeCommissioningTests.commissioner(seed: 51)
        try commissioner.pase(over: &harness)
        func expectStatus(
            _ expected: StatusIB, cluster: UInt32, command: UInt32, fields: [TLVElement] = [], endpoint: UInt16 = 0,
            timed: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let answer = try Self.refused(
                &commissioner, &harness, cluster: cluster, command: command, fields: fields, timed: timed,
                endpoint: endpoint, sourceLocation: sourceLocation)
            #expect(Self.status(answer) == expected, sourceLocation: sourceLocation)
        }
        try expectStatus(StatusIB(.unsupportedEndpoint), cluster: 0x30, command: 0, endpoint: 2)
        // Endpoint 1 is the Aggregator: a Descriptor and no commands.
        try expectStatus(StatusIB(.unsupportedCluster), cluster: 0x30, command: 0, endpoint: 1)
        try expectStatus(StatusIB(.unsupportedCommand), cluster: 0x1D, command: 0, endpoint: 1)
        try expectStatus(StatusIB(.unsupportedCluster), cluster: 0x06, command: 0)
        try expectStatus(StatusIB(.unsupportedCommand), cluster: 0x30, command: 0x07)
        try expectStatus(StatusIB(.unsupportedCommand), cluster: 0x28, command: 0x00)
        // ArmFailSafe without its Breadcrumb; with a string for it.
        try expectStatus(
            StatusIB(.invalidCommand), cluster: 0x30, command: 0, fields: [.init(tag: .context(0), .unsigned(60))])
        try expectStatus(
            StatusIB(.invalidCommand), cluster: 0x30, command: 0,
            fields: [.init(tag: .context(0), .unsigned(60)), .init(tag: .context(1), .utf8("1"))])
        // Fabric-scoped commands need an accessing fabric; Administrator Commissioning needs a timed invoke.
        try expectStatus(
            StatusIB(.unsupportedAccess), cluster: 0x3E, command: 0x09, fields: [.init(tag: .context(0), .utf8("x"))])
        try expectStatus(StatusIB(.needsTimedInteraction), cluster: 0x3C, command: 0x02)
        try expectStatus(
            StatusIB(.failure, clusterStatus: 3), cluster: 0x3C, command: 0x00,
            fields: MatterNodeFabricTests.openWindowFields(), timed: true)
        // Certificates and nonces.
        try expectStatus(
            StatusIB(.invalidCommand), cluster: 0x3E, command: 0x02, fields: [.init(tag: .context(0), .unsigned(3))])
        try expectStatus(
            StatusIB(.invalidCommand), cluster: 0x3E, command: 0x00,
            fields: [.init(tag: .context(0), .bytes(Array(Self.nonce.dropLast())))])
        try expectStatus(
            StatusIB(.invalidCommand), cluster: 0x3E, command: 0x04, fields: [.init(tag: .context(0), .bytes([1, 2]))])
        // RevokeCommissioning (timed) closes the open window; the PASE session goes with it.
        let revoked = try commissioner.invoke(cluster: 0x3C, command: 0x02, timedMilliseconds: 1000, over: &harness)
        #expect(Self.status(revoked) == StatusIB(.success))
        #expect(harness.outputs.last == .revokeWindow)
        #expect(harness.table.rootEndpoint.commissionee == nil)
        #expect(harness.table.paseSession == nil)
    }

    @Test func theFailSafeAndTheOrderOfTheStagesAreEnforced() throws {
        var harness = try MatterNodeHarness()
        var commissioner = try MatterNodeCommissioningTests.commissioner(seed: 52)
        try commissioner.pase(over: &harness)
        let csr: [TLVElement] = [.init(tag: .context(0), .bytes(Self.nonce))]
        let root: [TLVElement] = [.init(tag: .context(0), .bytes(commissioner.root.tlv))]
        func addNOC(_ noc: [UInt8], ipk: [UInt8] = Array("temporary ipk 01".utf8), subject: UInt64 = 112_233)
            -> [TLVElement]
        {
            [
                .init(tag: .context(0), .bytes(noc)), .init(tag: .context(1), .bytes(commissioner.intermediate.tlv)),
                .init(tag: .context(2), .bytes(ipk)), .init(tag: .context(3), .unsigned(subject)),
                .init(tag: .context(4), .unsigned(0xFFF1)),
            ]
        }
        let stranger = P256KeyPair.random(using: &harness.random)
        // No fail-safe: FAILSAFE_REQUIRED for the commands under it, NoFailSafe for CommissioningComplete.
        for (command, fields) in [
            (UInt32(0x04), csr), (0x0B, root),
            (0x06, addNOC(try commissioner.nodeCertificate(for: stranger.publicKey))),
        ] {
            #expect(
                Self.status(try Self.refused(&commissioner, &harness, cluster: 0x3E, command: command, fields: fields))
                    == StatusIB(.failsafeRequired))
        }
        #expect(
            Self.status(
                try Self.refused(
                    &commissioner, &harness, cluster: 0x30, command: 0x02,
                    fields: [
                        .init(tag: .context(0), .unsigned(0)), .init(tag: .context(1), .utf8("XX")),
                        .init(tag: .context(2), .unsigned(1)),
                    ]))
                == StatusIB(.failsafeRequired))
        #expect(try commissioner.commissioningComplete(over: &harness) == 3)
        #expect(try commissioner.armFailSafe(seconds: 60, breadcrumb: 1, over: &harness) == 0)
        // Over PASE, CommissioningComplete is InvalidAuthentication.
        #expect(try commissioner.commissioningComplete(over: &harness) == 2)
        // AddNOC before a CSR: MissingCsr; before a root (after a CSR): InvalidNOC.
        #expect(
            try commissioner.nocResponse(
                Self.refused(
                    &commissioner, &harness, cluster: 0x3E, command: 0x06,
                    fields: addNOC(try commissioner.nodeCertificate(for: stranger.publicKey))))
                == (4, nil))
        let key = try commissioner.csr(dac: TestAttestation.identity.dac, over: &harness)
        #expect(
            try commissioner.nocResponse(
                Self.refused(
                    &commissioner, &harness, cluster: 0x3E, command: 0x06,
                    fields: addNOC(try commissioner.nodeCertificate(for: key))))
                == (3, nil))
        // A root that is not one; then the root, once.
        #expect(
            Self.status(
                try Self.refused(
                    &commissioner, &harness, cluster: 0x3E, command: 0x0B,
                    fields: [.init(tag: .context(0), .bytes(commissioner.intermediate.tlv))]))
                == StatusIB(.invalidCommand))
        #expect(try commissioner.addTrustedRoot(over: &harness) == .success)
        #expect(
            Self.status(try Self.refused(&commissioner, &harness, cluster: 0x3E, command: 0x0B, fields: root))
                == StatusIB(.constraintError))
        // AddNOC: an IPK of 15 bytes, a subject that is no node, a NOC for another key, a NOC under another root.
        #expect(
            Self.status(
                try Self.refused(
                    &commissioner, &harness, cluster: 0x3E, command: 0x06,
                    fields: addNOC(try commissioner.nodeCertificate(for: key), ipk: Array(repeating: 1, count: 15))))
                == StatusIB(.invalidCommand))
        #expect(
            try commissioner.nocResponse(
                Self.refused(
                    &commissioner, &harness, cluster: 0x3E, command: 0x06,
                    fields: addNOC(try commissioner.nodeCertificate(for: key), subject: 0))) == (6, nil))
        #expect(
            try commissioner.nocResponse(
                Self.refused(
                    &commissioner, &harness, cluster: 0x3E, command: 0x06,
                    fields: addNOC(try commissioner.nodeCertificate(for: stranger.publicKey)))) == (1, nil))
        let otherRoot = try TestCertificateAuthority.root(id: 77, seed: 77)
        let foreign = try otherRoot.nodeCertificate(nodeID: 5, fabricID: commissioner.fabricID, publicKey: key)
        #expect(
            try commissioner.nocResponse(
                Self.refused(&commissioner, &harness, cluster: 0x3E, command: 0x06, fields: addNOC(foreign))) == (
                    3, nil
                ))
        // SetRegulatoryConfig: a country code of one letter, a location that is none.
        #expect(
            Self.status(
                try Self.refused(
                    &commissioner, &harness, cluster: 0x30, command: 0x02,
                    fields: [
                        .init(tag: .context(0), .unsigned(0)), .init(tag: .context(1), .utf8("X")),
                        .init(tag: .context(2), .unsigned(1)),
                    ]))
                == StatusIB(.constraintError))
        #expect(try commissioner.setRegulatoryConfig(config: 3, over: &harness) == 1)
        // Then the real AddNOC, and nothing after it may add or ask again.
        let (status, _) = try commissioner.addNOC(for: key, over: &harness)
        #expect(status == 0)
        #expect(
            Self.status(try Self.refused(&commissioner, &harness, cluster: 0x3E, command: 0x04, fields: csr))
                == StatusIB(.constraintError))
        #expect(
            Self.status(
                try Self.refused(
                    &commissioner, &harness, cluster: 0x3E, command: 0x06,
                    fields: addNOC(try commissioner.nodeCertificate(for: key))))
                == StatusIB(.constraintError))
    }

    @Test func administratorsAreCheckedOverCASE() throws {
        var (harness, commissioner) = try MatterNodeFabricTests.commissioned(seed: 53)
        // The administrator's fail-safe over CASE is refused while a window is open, and another's while armed.
        try harness.openWindow()
        #expect(try commissioner.armFailSafe(seconds: 60, breadcrumb: 1, over: &harness) == 4)
        var other = try MatterNodeCommissioningTests.commissioner(seed: 54)
        harness.peer = MatterNodeHarness.udp(44_000)
        try other.pase(over: &harness)
        #expect(try other.armFailSafe(seconds: 60, breadcrumb: 1, over: &harness) == 0)
        harness.peer = MatterNodeHarness.udp(40_000)
        #expect(try commissioner.armFailSafe(seconds: 60, breadcrumb: 1, over: &harness) == 4)
        // With no window open, RevokeCommissioning is FAILURE / WindowNotOpen (and expires the fail-safe).
        _ = try harness.converse(try other.controller.closeSession(), controller: &other.controller)
        try harness.openWindow()
        harness.record(harness.table.commissioneeChanged(to: nil))
        let notOpen = try commissioner.invoke(cluster: 0x3C, command: 0x02, timedMilliseconds: 1000, over: &harness)
        #expect(Self.status(notOpen) == StatusIB(.failure, clusterStatus: 4))

        // A controller of the fabric that no ACL entry names gets UNSUPPORTED_ACCESS for commands and reads.
        var (plain, admin) = try MatterNodeFabricTests.commissioned(seed: 55)
        let credentials = try CASETestFabric.credentials(
            rootedIn: admin.root, fabricID: admin.fabricID, nodeID: 0x777, epochKey: admin.epochKey, seed: 56)
        var outsider = MatterTestController(passcode: 0, seed: 57)
        plain.peer = MatterNodeHarness.udp(45_000)
        #expect(
            try plain.converse(
                outsider.sigma1(CASEInitiator(fabric: credentials, peerNodeID: admin.hubNodeID, seed: 58)),
                controller: &outsider) == [.caseEstablished])
        let denied = try plain.converse(
            outsider.invoke(cluster: 0x30, command: 0x04), controller: &outsider)
        #expect(
            denied.contains {
                if case .invokeResponse(let response) = $0 {
                    Self.status(response.invokeResponses[0]) == StatusIB(.unsupportedAccess)
                } else {
                    false
                }
            })
        let read = try plain.converse(
            outsider.readRequest([
                AttributePathIB(endpoint: 0, cluster: 0x1F, attribute: 0), AttributePathIB(endpoint: 0, cluster: 0x28),
            ]),
            controller: &outsider)
        var reports: [AttributeReportIB] = []
        for case .report(let report) in read { reports += report.attributeReports ?? [] }
        #expect(
            reports == [
                .status(path: AttributePathIB(endpoint: 0, cluster: 0x1F, attribute: 0), StatusIB(.unsupportedAccess))
            ])
    }
}
