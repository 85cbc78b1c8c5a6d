import MatterDataModel
import MatterInteraction
import MatterMessage
import MatterTLV
import MatterTestSupport
import Testing

@testable import MatterNode

/// Writes on the bridge: each refusal in CHIP's order, the hub's own refusals and late answers, Breadcrumb, and the
/// ACL (replace, append, validation, limits, the save before the answer, a failed save).
@Suite struct MatterNodeBridgeWriteTests {
    static let peer = MatterNodeBridgeTests.peer

    static func write(
        _ writes: [AttributeDataIB], harness: inout MatterNodeHarness, controller: inout MatterTestController,
        timed: UInt16? = nil
    ) throws -> [AttributeStatusIB]? {
        let events = try harness.converse(
            controller.write(writes, timedMilliseconds: timed), controller: &controller, peer: peer)
        for case .writeResponse(let response) in events { return response.writeResponses }
        return nil
    }

    static func statuses(_ statuses: [AttributeStatusIB]?) -> [InteractionModelStatus] {
        (statuses ?? []).map(\.status.status)
    }

    static func data(
        _ endpoint: EndpointID, _ cluster: ClusterID, _ attribute: AttributeID, _ value: TLVValue,
        version: UInt32? = nil
    )
        -> AttributeDataIB
    {
        AttributeDataIB(
            path: AttributePathIB(endpoint: endpoint, cluster: cluster, attribute: attribute), data: value,
            dataVersion: version)
    }

    @Test func writesAreRefusedInCHIPsOrderAndTheRestGoToTheHub() throws {
        var controller = MatterTestController(passcode: 0, seed: 311)
        var harness = try bridgeHarness(&controller)
        harness.hub = { request in
            if case .write(6, 0x4001, .unsigned(let value)) = request.operation, value > 100 {
                return .status(InteractionModelStatus.constraintError.rawValue)
            }
            return .status(0)
        }
        let result = try Self.write(
            [
                AttributeDataIB(path: AttributePathIB(endpoint: 2, cluster: 6), data: .unsigned(1)),
                Self.data(9, 6, 0x4001, .unsigned(1)),
                Self.data(2, 8, 0, .unsigned(1)),
                Self.data(2, 6, 0x77, .unsigned(1)),
                Self.data(2, 6, 0, .bool(true)),
                Self.data(2, 0x1D, 3, .array([])),
                Self.data(2, 6, 0x4001, .unsigned(1), version: 1),
                Self.data(2, 6, 0x4001, .unsigned(500)),
                Self.data(2, 6, 0x4001, .unsigned(20)),
                Self.data(2, 0x39, 5, .utf8("Desk lamp")),
                Self.data(0, 0x28, 5, .utf8("hub")),
                Self.data(0, 0x30, 0, .unsigned(9)),
            ], harness: &harness, controller: &controller)
        #expect(
            Self.statuses(result) == [
                .invalidAction, .unsupportedEndpoint, .unsupportedCluster, .unsupportedAttribute, .unsupportedWrite,
                .unsupportedWrite, .dataVersionMismatch, .constraintError, .success, .success, .unsupportedWrite,
                .success,
            ])
        #expect(result?[7].path == AttributePathIB(endpoint: 2, cluster: 6, attribute: 0x4001))
        #expect(harness.bridgedRequests.map(\.endpoint) == [2, 2, 2])
        #expect(
            harness.bridgedRequests.last?.operation
                == .write(cluster: 0x39, attribute: 5, value: .string("Desk lamp")))
        #expect(harness.table.rootEndpoint.breadcrumb == 9)
    }

    @Test func aWriteWaitsForEveryLateAnswer() throws {
        var controller = MatterTestController(passcode: 0, seed: 312)
        var harness = try bridgeHarness(&controller)
        let events = try harness.converse(
            controller.write([Self.data(2, 6, 0x4001, .unsigned(3)), Self.data(2, 6, 0x4002, .unsigned(4))]),
            controller: &controller, peer: Self.peer)
        #expect(!events.contains { if case .writeResponse = $0 { true } else { false } })
        #expect(harness.bridgedRequests.count == 2)
        #expect(harness.answer(harness.bridgedRequests[1], with: .status(0), peer: Self.peer).isEmpty)
        let sent = harness.answer(
            harness.bridgedRequests[0], with: .status(InteractionModelStatus.invalidDataType.rawValue),
            peer: Self.peer)
        #expect(sent.count == 1)
        guard case .writeResponse(let response)? = try controller.receive(sent[0]).event else {
            Issue.record("no WriteResponse after the last answer")
            return
        }
        #expect(response.writeResponses.map(\.status.status) == [.invalidDataType, .success])
    }

    /// Operate may write OnTime but not StartUpOnOff (Manage) nor the ACL (Administer).
    @Test func writePrivilegesFollowTheAttribute() throws {
        let fabric = MatterNodeCASETests.one
        var record = fabric.record()
        record.accessControl = [
            AccessControlEntry(
                privilege: .operate, authMode: .case, subjects: [fabric.controller.nodeID], targets: nil,
                fabricIndex: 1)
        ]
        var controller = MatterTestController(passcode: 0, seed: 313)
        var harness = try bridgeHarness(&controller, record: record)
        harness.hub = { _ in .status(0) }
        let result = try Self.write(
            [
                Self.data(2, 6, 0x4001, .unsigned(3)), Self.data(2, 6, 0x4003, .unsigned(1)),
                Self.data(0, 0x1F, 0, .array([])), Self.data(2, 0x39, 5, .utf8("x")),
            ], harness: &harness, controller: &controller)
        #expect(Self.statuses(result) == [.success, .unsupportedAccess, .unsupportedAccess, .unsupportedAccess])
    }

    static func entry(
        privilege: UInt64 = 5, authMode: UInt64 = 2, subjects: [UInt64]? = [112_233],
        targets: [(UInt64?, UInt64?, UInt64?)]? = nil
    ) -> TLVElement {
        var members = [
            TLVElement(tag: .context(1), .unsigned(privilege)), TLVElement(tag: .context(2), .unsigned(authMode)),
            TLVElement(tag: .context(3), subjects.map { .array($0.map { TLVElement(.unsigned($0)) }) } ?? .null),
        ]
        let encodedTargets: TLVValue =
            targets.map { list in
                .array(
                    list.map { target in
                        func field(_ tag: UInt8, _ value: UInt64?) -> TLVElement {
                            TLVElement(tag: .context(tag), value.map { .unsigned($0) } ?? .null)
                        }
                        return TLVElement(.structure([field(0, target.0), field(1, target.1), field(2, target.2)]))
                    })
            } ?? .null
        members.append(TLVElement(tag: .context(4), encodedTargets))
        members.append(TLVElement(tag: .context(0xFE), .unsigned(7)))
        return TLVElement(.structure(members))
    }

    static func acl(_ harness: MatterNodeHarness) -> [AccessControlEntry] {
        harness.table.fabrics.records[1]?.accessControl ?? []
    }

    @Test func theACLIsReplacedAndAppendedForTheAccessingFabricAndSavedFirst() throws {
        var controller = MatterTestController(passcode: 0, seed: 314)
        var harness = try bridgeHarness(&controller)
        let path = AttributePathIB(endpoint: 0, cluster: 0x1F, attribute: 0)
        let replaced = try Self.write(
            [
                AttributeDataIB(
                    path: path,
                    data: .array([Self.entry(), Self.entry(privilege: 3, subjects: nil, targets: [(6, 2, nil)])]))
            ], harness: &harness, controller: &controller)
        #expect(Self.statuses(replaced) == [.success])
        #expect(harness.saves.count == 1)
        #expect(harness.saves.last?.table.records[1]?.accessControl.count == 2)
        #expect(
            Self.acl(harness).last
                == AccessControlEntry(
                    privilege: .operate, authMode: .case, subjects: nil,
                    targets: [.init(cluster: 6, endpoint: 2, deviceType: nil)], fabricIndex: 1))
        var appending = path
        appending.listIndex = .null
        let appended = try Self.write(
            [AttributeDataIB(path: appending, data: Self.entry(privilege: 1, authMode: 3, subjects: [7]).value)],
            harness: &harness, controller: &controller)
        #expect(Self.statuses(appended) == [.success])
        #expect(Self.acl(harness).count == 3)
        #expect(Self.acl(harness).last?.authMode == .group)
        // Invalid entries: PASE auth mode, Group with Administer, a bad subject, a target naming nothing, one with
        // an endpoint and a device type, five subjects.
        for invalid in [
            Self.entry(authMode: 1), Self.entry(authMode: 3, subjects: [7]), Self.entry(subjects: [0]),
            Self.entry(targets: [(nil, nil, nil)]), Self.entry(targets: [(nil, 2, 0x100)]),
            Self.entry(subjects: [1, 2, 3, 4, 5]),
        ] {
            let refused = try Self.write(
                [AttributeDataIB(path: appending, data: invalid.value)], harness: &harness, controller: &controller)
            #expect(Self.statuses(refused) == [.constraintError])
        }
        // A fifth entry is more than the fabric may have.
        _ = try Self.write(
            [AttributeDataIB(path: appending, data: Self.entry(privilege: 1).value)], harness: &harness,
            controller: &controller)
        let full = try Self.write(
            [AttributeDataIB(path: appending, data: Self.entry(privilege: 1).value)], harness: &harness,
            controller: &controller)
        #expect(Self.statuses(full) == [.resourceExhausted])
        #expect(Self.acl(harness).count == 4)
        // A save that fails answers FAILURE and keeps the entries as they were.
        harness.saveSucceeds = false
        let failed = try Self.write(
            [AttributeDataIB(path: path, data: .array([Self.entry()]))], harness: &harness, controller: &controller)
        #expect(Self.statuses(failed) == [.failure])
        #expect(Self.acl(harness).count == 4)
    }

    /// A chunked ACL write: replace-all in the first chunk, an append in the second; the ACL changes once, when the
    /// last chunk is in, so the writer keeps its Administer while it writes.
    @Test func aChunkedACLWriteTakesEffectAtItsLastChunk() throws {
        var controller = MatterTestController(passcode: 0, seed: 315)
        var harness = try bridgeHarness(&controller)
        let path = AttributePathIB(endpoint: 0, cluster: 0x1F, attribute: 0)
        var appending = path
        appending.listIndex = .null
        let first = try harness.converse(
            controller.write([AttributeDataIB(path: path, data: .array([]))], moreChunks: true),
            controller: &controller, peer: Self.peer)
        #expect(first.contains { if case .writeResponse = $0 { true } else { false } })
        #expect(Self.acl(harness).count == 1)
        #expect(harness.saves.isEmpty)
        let exchange = controller.lastExchangeID
        #expect(harness.table.sessionLayer.exchanges.values.contains { $0.aclDraft == [] })
        let last = try harness.converse(
            controller.write([AttributeDataIB(path: appending, data: Self.entry().value)], onExchange: exchange),
            controller: &controller, peer: Self.peer)
        guard
            case .writeResponse(let response)? = last.first(where: {
                if case .writeResponse = $0 { true } else { false }
            })
        else {
            Issue.record("no WriteResponse for the last chunk: \(last)")
            return
        }
        #expect(response.writeResponses.map(\.status.status) == [.success])
        #expect(harness.saves.count == 1)
        #expect(Self.acl(harness).count == 1)
        #expect(Self.acl(harness).first?.subjects == [112_233])
    }
}
