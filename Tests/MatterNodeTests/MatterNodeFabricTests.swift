import MatterCrypto
import MatterDataModel
import MatterInteraction
import MatterSecureChannel
import MatterTLV
import MatterTestSupport
import Testing

@testable import MatterNode

/// The fabric table after commissioning: a second fabric through OpenCommissioningWindow, five then TableFull,
/// RemoveFabric, UpdateFabricLabel, UpdateNOC, and saves that fail.
@Suite struct MatterNodeFabricTests {
    static let secondPasscode: UInt32 = 34_567_890
    static let secondSalt = Array("second window salt, 25 B!".utf8)

    /// A commissioned node, its commissioner holding a CASE session.
    static func commissioned(seed: UInt64 = 21) throws -> (MatterNodeHarness, MatterTestCommissioner) {
        var harness = try MatterNodeHarness()
        var commissioner = try MatterNodeCommissioningTests.commissioner(seed: seed)
        try commissioner.commission(over: &harness)
        return (harness, commissioner)
    }

    static func openWindowFields(
        passcode: UInt32 = secondPasscode, timeout: UInt64 = 300, discriminator: UInt64 = 0x0ABC,
        iterations: UInt32 = 1000, salt: [UInt8] = secondSalt
    ) throws -> [TLVElement] {
        let verifier = try Spake2pPasscodeKeys(passcode: passcode, salt: salt, iterations: iterations).verifier()
        return [
            .init(tag: .context(0), .unsigned(timeout)), .init(tag: .context(1), .bytes(verifier.serialized)),
            .init(tag: .context(2), .unsigned(discriminator)), .init(tag: .context(3), .unsigned(UInt64(iterations))),
            .init(tag: .context(4), .bytes(salt)),
        ]
    }

    static func statusIB(_ answer: InvokeResponseIB) -> StatusIB? {
        if case .status(_, let status, _) = answer { status } else { nil }
    }

    @Test func aSecondAdministratorJoinsThroughAnEnhancedWindow() throws {
        var (harness, first) = try Self.commissioned()
        #expect(harness.table.rootEndpoint.commissionee == nil)
        // Without a timed invoke: NEEDS_TIMED_INTERACTION; with one: the window opens with the sent verifier.
        let untimed = try first.invoke(
            cluster: 0x3C, command: 0x00, fields: Self.openWindowFields(), over: &harness)
        #expect(Self.statusIB(untimed) == StatusIB(.needsTimedInteraction))
        let opened = try first.invoke(
            cluster: 0x3C, command: 0x00, fields: Self.openWindowFields(), timedMilliseconds: 2000, over: &harness)
        #expect(Self.statusIB(opened) == StatusIB(.success))
        guard case .openWindow(let window)? = harness.outputs.last else {
            Issue.record("no window asked for: \(harness.outputs)")
            return
        }
        #expect(window.fabricIndex == 1)
        #expect(window.vendorID == 0xFFF1)
        #expect(window.timeoutSeconds == 300)
        let status = try first.read(
            [
                AttributePathIB(endpoint: 0, cluster: 0x3C, attribute: 0),
                AttributePathIB(endpoint: 0, cluster: 0x3C, attribute: 1),
                AttributePathIB(endpoint: 0, cluster: 0x3C, attribute: 2),
            ], over: &harness)
        let values = status.compactMap { report -> AttributeValue? in
            if case .data(_, _, let value) = report { value } else { nil }
        }
        #expect(values == [.unsigned(1), .unsigned(1), .unsigned(0xFFF1)])
        // A second window while one is open: FAILURE / Busy.
        let again = try first.invoke(
            cluster: 0x3C, command: 0x00, fields: Self.openWindowFields(), timedMilliseconds: 2000, over: &harness)
        #expect(Self.statusIB(again) == StatusIB(.failure, clusterStatus: 2))

        var second = try MatterTestCommissioner(
            passcode: Self.secondPasscode, fabricID: 0xFAB2, hubNodeID: 0x5678, controllerNodeID: 0x42, seed: 23)
        harness.peer = MatterNodeHarness.udp(41_000)
        #expect(try second.commission(over: &harness) == 2)
        #expect(harness.table.committedFabrics.records.keys.sorted() == [1, 2])
        #expect(harness.table.rootEndpoint.commissionee == nil)
        // Each administrator sees its own fabric as current, and both in Fabrics unfiltered.
        harness.peer = MatterNodeHarness.udp(40_000)
        let current = try first.read([AttributePathIB(endpoint: 0, cluster: 0x3E, attribute: 5)], over: &harness)
        #expect(current.first.map { if case .data(_, _, .unsigned(1)) = $0 { true } else { false } } == true)
        let all = try first.read(
            [AttributePathIB(endpoint: 0, cluster: 0x3E, attribute: 1)], fabricFiltered: false, over: &harness)
        guard case .data(_, _, .list(let fabrics))? = all.first else {
            Issue.record("no Fabrics: \(all)")
            return
        }
        #expect(fabrics.count == 2)
    }

    @Test func aFullTableRefusesASixthFabric() throws {
        var harness = try MatterNodeHarness()
        for index in 1...5 {
            var commissioner = try MatterTestCommissioner(
                passcode: MatterNodeHarness.passcode, fabricID: UInt64(index), hubNodeID: UInt64(0x100 + index),
                seed: UInt64(30 + index * 10))
            harness.peer = MatterNodeHarness.udp(42_000 + index)
            #expect(try commissioner.commission(over: &harness) == UInt8(index))
            try harness.openWindow()
        }
        var sixth = try MatterTestCommissioner(
            passcode: MatterNodeHarness.passcode, fabricID: 6, hubNodeID: 0x106, seed: 99)
        harness.peer = MatterNodeHarness.udp(42_006)
        try sixth.pase(over: &harness)
        _ = try sixth.armFailSafe(seconds: 60, breadcrumb: 1, over: &harness)
        let key = try sixth.csr(dac: TestAttestation.identity.dac, over: &harness)
        #expect(try sixth.addTrustedRoot(over: &harness) == .success)
        let (status, index) = try sixth.addNOC(for: key, over: &harness)
        #expect(status == 5)  // TableFull
        #expect(index == nil)
        #expect(harness.table.fabrics.records.count == 5)
        #expect(throws: MatterTestCommissioner.Failure.self) { try sixth.establishCASE(over: &harness) }
        #expect(
            harness.events.last { if case .caseFailed = $0 { true } else { false } }
                == .caseFailed(harness.peer, .noSharedTrustRoots))
    }

    @Test func removeFabricTakesItsTableEntryACLAndSessions() throws {
        var (harness, commissioner) = try Self.commissioned(seed: 24)
        let session = try #require(commissioner.controller.caseSession?.peerSessionID)
        let answer = try commissioner.invoke(
            cluster: 0x3E, command: 0x0A, fields: [.init(tag: .context(0), .unsigned(1))], over: &harness)
        #expect(try commissioner.nocResponse(answer) == (0, 1))
        #expect(harness.saves.last?.table == FabricTable(records: [], nextFabricIndex: 2))
        #expect(harness.table.fabrics.records.isEmpty)
        #expect(harness.table.committedFabrics.records.isEmpty)
        // The asking session ended once its answer was delivered.
        #expect(harness.table.sessions[session] == nil)
        #expect(harness.fabricReports.last == [])
        #expect(harness.table.sessionLayer.resumptions.records.isEmpty)
        // RemoveFabric of an unknown index: InvalidFabricIndex; of 0: INVALID_COMMAND.
        var other = try Self.commissioned(seed: 25)
        let unknown = try other.1.invoke(
            cluster: 0x3E, command: 0x0A, fields: [.init(tag: .context(0), .unsigned(7))], over: &other.0)
        #expect(try other.1.nocResponse(unknown).status == 11)
        let zero = try other.1.invoke(
            cluster: 0x3E, command: 0x0A, fields: [.init(tag: .context(0), .unsigned(0))], over: &other.0)
        #expect(Self.statusIB(zero) == StatusIB(.invalidCommand))
    }

    @Test func aFailedSaveAnswersFailureAndKeepsTheOldTable() throws {
        var (harness, commissioner) = try Self.commissioned(seed: 26)
        let before = harness.table.committedFabrics
        harness.saveSucceeds = false
        let label = try commissioner.invoke(
            cluster: 0x3E, command: 0x09, fields: [.init(tag: .context(0), .utf8("kitchen"))], over: &harness)
        #expect(Self.statusIB(label) == StatusIB(.failure))
        let removed = try commissioner.invoke(
            cluster: 0x3E, command: 0x0A, fields: [.init(tag: .context(0), .unsigned(1))], over: &harness)
        #expect(Self.statusIB(removed) == StatusIB(.failure))
        #expect(harness.table.committedFabrics == before)
        #expect(harness.table.fabrics == before)
        harness.saveSucceeds = true
        let saved = try commissioner.invoke(
            cluster: 0x3E, command: 0x09, fields: [.init(tag: .context(0), .utf8("kitchen"))], over: &harness)
        #expect(try commissioner.nocResponse(saved) == (0, 1))
        #expect(harness.table.committedFabrics.records[1]?.label == "kitchen")
        #expect(harness.fabricReports.last?.first?.label == "kitchen")
    }

    @Test func aCommissioningCompleteWhoseSaveFailsKeepsTheFailSafe() throws {
        var harness = try MatterNodeHarness()
        var commissioner = try MatterNodeCommissioningTests.commissioner(seed: 27)
        harness.saveSucceeds = false
        #expect(throws: MatterTestCommissioner.Failure.self) { try commissioner.commission(over: &harness) }
        #expect(harness.table.committedFabrics == FabricTable())
        #expect(harness.table.rootEndpoint.failSafe?.addedFabric == 1)
        harness.saveSucceeds = true
        #expect(try commissioner.commissioningComplete(over: &harness) == 0)
        #expect(harness.table.committedFabrics.records.count == 1)
    }

    @Test func labelsAreUniqueAmongFabrics() throws {
        var (harness, first) = try Self.commissioned(seed: 28)
        _ = try first.invoke(
            cluster: 0x3E, command: 0x09, fields: [.init(tag: .context(0), .utf8("home"))], over: &harness)
        try harness.openWindow()
        var second = try MatterTestCommissioner(
            passcode: MatterNodeHarness.passcode, fabricID: 0xFAB3, hubNodeID: 0x99, seed: 29)
        harness.peer = MatterNodeHarness.udp(43_000)
        try second.commission(over: &harness)
        let conflict = try second.invoke(
            cluster: 0x3E, command: 0x09, fields: [.init(tag: .context(0), .utf8("home"))], over: &harness)
        #expect(try second.nocResponse(conflict) == (10, nil))
        let long = try second.invoke(
            cluster: 0x3E, command: 0x09, fields: [.init(tag: .context(0), .utf8(String(repeating: "x", count: 33)))],
            over: &harness)
        #expect(Self.statusIB(long) == StatusIB(.invalidCommand))
    }

    @Test func updateNOCReplacesTheNodesCertificateUnderTheFailSafe() throws {
        var (harness, commissioner) = try Self.commissioned(seed: 30)
        #expect(try commissioner.armFailSafe(seconds: 60, breadcrumb: 1, over: &harness) == 0)
        let key = try commissioner.csr(dac: TestAttestation.identity.dac, forUpdateNOC: true, over: &harness)
        let noc = try commissioner.nodeCertificate(for: key)
        let answer = try commissioner.invoke(
            cluster: 0x3E, command: 0x07,
            fields: [
                .init(tag: .context(0), .bytes(noc)), .init(tag: .context(1), .bytes(commissioner.intermediate.tlv)),
            ],
            over: &harness)
        #expect(try commissioner.nocResponse(answer) == (0, 1))
        #expect(harness.table.fabrics.records[1]?.operationalCertificate == noc)
        #expect(harness.table.committedFabrics.records[1]?.operationalCertificate != noc)
        #expect(try commissioner.commissioningComplete(over: &harness) == 0)
        #expect(harness.table.committedFabrics.records[1]?.operationalCertificate == noc)
        #expect(harness.saves.last?.table.records[1]?.operationalCertificate == noc)
    }
}
