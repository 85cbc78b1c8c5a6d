import MatterCredentials
import MatterDataModel
import MatterInteraction
import MatterTLV
import MatterTestSupport
import Testing

@testable import MatterNode

/// Endpoint 0's Network Commissioning, General Diagnostics and Group Key Management through the node's read and
/// invoke paths: their values, each command's answer and status, the privilege each command needs, the fabric-scoped
/// rule, and UpTime, current on every read without moving the data version.
@Suite struct MatterNodeRootClustersTests {
    static let peer = MatterNodeBridgeTests.peer
    static let upTime = AttributePath(endpoint: 0, cluster: 0x33, attribute: 2)

    /// A harness with one CASE session on fabric 1, whose controller has `privilege` (Administer: the record's own).
    static func harness(_ controller: inout MatterTestController, privilege: AccessPrivilege? = nil) throws
        -> MatterNodeHarness
    {
        let fabric = MatterNodeCASETests.one
        var record = fabric.record()
        if let privilege {
            record.accessControl = [
                AccessControlEntry(
                    privilege: privilege, authMode: .case, subjects: [fabric.controller.nodeID], targets: nil,
                    fabricIndex: 1)
            ]
        }
        return try bridgeHarness(&controller, record: record)
    }

    /// The answer to one command on endpoint 0.
    static func invoke(
        _ cluster: UInt32, _ command: UInt32, _ fields: [TLVElement] = [], harness: inout MatterNodeHarness,
        controller: inout MatterTestController
    ) throws -> InvokeResponseIB {
        let events = try harness.converse(
            controller.invoke(cluster: cluster, command: command, fields: fields), controller: &controller,
            peer: Self.peer)
        for case .invokeResponse(let response) in events { return response.invokeResponses[0] }
        throw MatterTestCommissioner.Failure("no InvokeResponse: \(events)")
    }

    static func status(_ answer: InvokeResponseIB) -> InteractionModelStatus? {
        if case .status(_, let status, _) = answer { status.status } else { nil }
    }

    /// A response's command ID and fields.
    static func response(_ answer: InvokeResponseIB) -> (command: UInt32, fields: [TLVElement])? {
        if case .command(let data) = answer { (data.path.command, data.fields ?? []) } else { nil }
    }

    /// A GroupKeySetStruct for KeySetWrite: `id`, TrustFirst unless `policy` says otherwise, epoch key 0 `key0`
    /// starting at `start0`, the others null.
    static func keySet(
        id: UInt64, policy: UInt64 = 0, key0: [UInt8]? = Array(repeating: 1, count: 16), start0: UInt64? = 5
    )
        -> [TLVElement]
    {
        let members: [TLVElement] = [
            TLVElement(tag: .context(0), .unsigned(id)), TLVElement(tag: .context(1), .unsigned(policy)),
            TLVElement(tag: .context(2), key0.map { .bytes($0) } ?? .null),
            TLVElement(tag: .context(3), start0.map { .unsigned($0) } ?? .null),
            TLVElement(tag: .context(4), .null), TLVElement(tag: .context(5), .null),
            TLVElement(tag: .context(6), .null), TLVElement(tag: .context(7), .null),
        ]
        return [TLVElement(tag: .context(0), .structure(members))]
    }

    static func keySetID(_ id: UInt64) -> [TLVElement] { [TLVElement(tag: .context(0), .unsigned(id))] }

    @Test func theClustersReadAsTheyAreDeclared() throws {
        var controller = MatterTestController(passcode: 0, seed: 371)
        var harness = try Self.harness(&controller)
        let reports = try MatterNodeBridgeTests.read(
            [
                AttributePathIB(endpoint: 0, cluster: 0x1D, attribute: 1), AttributePathIB(endpoint: 0, cluster: 0x31),
                AttributePathIB(endpoint: 0, cluster: 0x33), AttributePathIB(endpoint: 0, cluster: 0x3F),
            ], harness: &harness, controller: &controller)
        let values = MatterNodeBridgeTests.values(reports)
        func value(_ cluster: ClusterID, _ attribute: AttributeID) -> AttributeValue? {
            values[AttributePath(endpoint: 0, cluster: cluster, attribute: attribute)]
        }
        #expect(
            value(0x1D, 1) == .list([0x1D, 0x1F, 0x28, 0x30, 0x31, 0x33, 0x3C, 0x3E, 0x3F].map { .unsigned($0) }))
        // Network Commissioning, Ethernet: one connected network named for the interface, no commands.
        #expect(value(0x31, 0xFFFC) == .unsigned(4))
        #expect(value(0x31, 0) == .unsigned(1))
        #expect(value(0x31, 1) == .list([.structure([0: .bytes(Array("eth0".utf8)), 1: .bool(true)])]))
        #expect(value(0x31, 4) == .bool(true))
        #expect([value(0x31, 5), value(0x31, 6), value(0x31, 7)] == [.null, .null, .null])
        #expect(value(0x31, 2) == nil && value(0x31, 3) == nil)
        #expect(value(0x31, 0xFFF9) == .list([]))
        // General Diagnostics: the interface, no reboots, test events off; its two commands and one response.
        guard case .list(let interfaces)? = value(0x33, 0), case .structure(let interface)? = interfaces.first else {
            Issue.record("no NetworkInterfaces entry")
            return
        }
        #expect(interfaces.count == 1)
        #expect(interface[0] == .string("eth0") && interface[1] == .bool(true) && interface[7] == .unsigned(2))
        #expect(interface[2] == .null && interface[3] == .null)
        guard case .bytes(let address)? = interface[4] else {
            Issue.record("no HardwareAddress")
            return
        }
        #expect(address.count == 6 && address[0] & 0x03 == 0x02)
        #expect(value(0x33, 1) == .unsigned(0))
        #expect(value(0x33, 8) == .bool(false))
        #expect(value(0x33, 0xFFF9) == .list([.unsigned(0), .unsigned(1)]))
        #expect(value(0x33, 0xFFF8) == .list([.unsigned(2)]))
        // Group Key Management: the IPK only.
        #expect(value(0x3F, 0) == .list([]) && value(0x3F, 1) == .list([]))
        #expect(value(0x3F, 2) == .unsigned(0))
        #expect(value(0x3F, 3) == .unsigned(1))
    }

    /// Network Commissioning's MaxNetworks, Networks and last attempt are "R A"; InterfaceEnabled is "RW VA".
    @Test func networkCommissioningIsReadWithAdminister() throws {
        var controller = MatterTestController(passcode: 0, seed: 379)
        var harness = try Self.harness(&controller, privilege: .operate)
        let reports = try MatterNodeBridgeTests.read(
            [0, 1, 4, 5, 6, 7].map { AttributePathIB(endpoint: 0, cluster: 0x31, attribute: $0) }, harness: &harness,
            controller: &controller)
        #expect(
            reports.map(MatterNodeBridgeTests.statusOf) == [
                .unsupportedAccess, .unsupportedAccess, nil, .unsupportedAccess, .unsupportedAccess, .unsupportedAccess,
            ])
        #expect(
            MatterNodeBridgeTests.values(reports)[AttributePath(endpoint: 0, cluster: 0x31, attribute: 4)]
                == .bool(true))
    }

    @Test func upTimeIsCurrentOnEveryReadWithoutMovingTheDataVersion() throws {
        var controller = MatterTestController(passcode: 0, seed: 372)
        var harness = try Self.harness(&controller)
        let path = AttributePathIB(endpoint: 0, cluster: 0x33, attribute: 2)
        harness.now = 5_000
        let first = try MatterNodeBridgeTests.read([path], harness: &harness, controller: &controller)
        harness.now = 125_400
        let second = try MatterNodeBridgeTests.read([path], harness: &harness, controller: &controller)
        #expect(MatterNodeBridgeTests.values(first)[Self.upTime] == .unsigned(5))
        #expect(MatterNodeBridgeTests.values(second)[Self.upTime] == .unsigned(125))
        #expect(
            MatterNodeBridgeTests.version(first, 0, 0x33) == MatterNodeBridgeTests.version(second, 0, 0x33))
        // The kept endpoint holds 0; only reads answer with the time.
        #expect(harness.table.rootEndpoint.node[Self.upTime] == .unsigned(0))
    }

    @Test func timeSnapshotAnswersWithTheMillisecondsSinceTheNodeStarted() throws {
        var controller = MatterTestController(passcode: 0, seed: 373)
        var harness = try Self.harness(&controller, privilege: .operate)
        harness.now = 42_123
        let answer = try Self.invoke(0x33, 0x01, harness: &harness, controller: &controller)
        let response = try #require(Self.response(answer))
        #expect(response.command == 0x02)
        #expect(
            response.fields == [TLVElement(tag: .context(0), .unsigned(42_123)), TLVElement(tag: .context(1), .null)])
    }

    @Test func testEventTriggerIsAConstraintErrorWhileTriggersAreDisabled() throws {
        var controller = MatterTestController(passcode: 0, seed: 374)
        var harness = try Self.harness(&controller, privilege: .manage)
        let fields = [
            TLVElement(tag: .context(0), .bytes(Array(repeating: 0xAB, count: 16))),
            TLVElement(tag: .context(1), .unsigned(0xFFFF_FFFF_0000_0001)),
        ]
        #expect(
            Self.status(try Self.invoke(0x33, 0x00, fields, harness: &harness, controller: &controller))
                == .constraintError)
        // Fields that do not decode.
        #expect(
            Self.status(try Self.invoke(0x33, 0x00, [fields[0]], harness: &harness, controller: &controller))
                == .invalidCommand)
        // PayloadTestRequest is not accepted.
        #expect(
            Self.status(try Self.invoke(0x33, 0x03, harness: &harness, controller: &controller)) == .unsupportedCommand)
    }

    @Test func eachCommandNeedsItsPrivilege() throws {
        var controller = MatterTestController(passcode: 0, seed: 375)
        var harness = try Self.harness(&controller, privilege: .operate)
        let trigger = [
            TLVElement(tag: .context(0), .bytes(Array(repeating: 1, count: 16))),
            TLVElement(tag: .context(1), .unsigned(1)),
        ]
        // Operate: TimeSnapshot ("O") runs; TestEventTrigger ("M") and Group Key Management ("F A") do not.
        #expect(Self.response(try Self.invoke(0x33, 0x01, harness: &harness, controller: &controller)) != nil)
        #expect(
            Self.status(try Self.invoke(0x33, 0x00, trigger, harness: &harness, controller: &controller))
                == .unsupportedAccess)
        #expect(
            Self.status(try Self.invoke(0x3F, 0x04, harness: &harness, controller: &controller)) == .unsupportedAccess)
        #expect(
            Self.status(try Self.invoke(0x3F, 0x01, Self.keySetID(0), harness: &harness, controller: &controller))
                == .unsupportedAccess)

        var managing = MatterTestController(passcode: 0, seed: 376)
        var manager = try Self.harness(&managing, privilege: .manage)
        #expect(
            Self.status(try Self.invoke(0x3F, 0x04, harness: &manager, controller: &managing)) == .unsupportedAccess)
        #expect(
            Self.status(try Self.invoke(0x33, 0x00, trigger, harness: &manager, controller: &managing))
                == .constraintError)
    }

    @Test func groupKeyManagementKeepsOnlyTheIPK() throws {
        var controller = MatterTestController(passcode: 0, seed: 377)
        var harness = try Self.harness(&controller)
        func status(_ command: UInt32, _ fields: [TLVElement]) throws -> InteractionModelStatus? {
            Self.status(try Self.invoke(0x3F, command, fields, harness: &harness, controller: &controller))
        }
        // KeySetReadAllIndices: keyset 0.
        let all = try #require(Self.response(try Self.invoke(0x3F, 0x04, harness: &harness, controller: &controller)))
        #expect(all.command == 0x05)
        #expect(all.fields == [TLVElement(tag: .context(0), .array([TLVElement(.unsigned(0))]))])
        // KeySetRead: the IPK's set with its key null; any other NOT_FOUND.
        let read = try #require(
            Self.response(try Self.invoke(0x3F, 0x01, Self.keySetID(0), harness: &harness, controller: &controller)))
        #expect(read.command == 0x02)
        guard case .structure(let set)? = read.fields.first?.value else {
            Issue.record("no GroupKeySet")
            return
        }
        let byTag = Dictionary(uniqueKeysWithValues: set.map { ($0.tag, $0.value) })
        #expect(byTag[.context(0)] == .unsigned(0) && byTag[.context(1)] == .unsigned(0))
        #expect(byTag[.context(2)] == .null && byTag[.context(3)] == .unsigned(0))
        #expect([4, 5, 6, 7].map { byTag[.context($0)] } == [.null, .null, .null, .null])
        #expect(try status(0x01, Self.keySetID(3)) == .notFound)
        // KeySetWrite: another set would exceed MaxGroupKeysPerFabric; the IPK is not written.
        #expect(try status(0x00, Self.keySet(id: 7)) == .resourceExhausted)
        #expect(try status(0x00, Self.keySet(id: 0)) == .invalidCommand)
        // …after the struct's own checks: EpochStartTime0 0 or null, a short key, an unknown or unsupported policy.
        #expect(try status(0x00, Self.keySet(id: 7, start0: 0)) == .invalidCommand)
        #expect(try status(0x00, Self.keySet(id: 7, start0: nil)) == .invalidCommand)
        #expect(try status(0x00, Self.keySet(id: 7, key0: [1, 2, 3])) == .constraintError)
        #expect(try status(0x00, Self.keySet(id: 7, policy: 9)) == .constraintError)
        #expect(try status(0x00, Self.keySet(id: 7, policy: 1)) == .invalidCommand)
        #expect(try status(0x00, [TLVElement(tag: .context(0), .unsigned(7))]) == .invalidCommand)
        // KeySetRemove: the IPK INVALID_COMMAND, any other NOT_FOUND.
        #expect(try status(0x03, Self.keySetID(0)) == .invalidCommand)
        #expect(try status(0x03, Self.keySetID(4)) == .notFound)
        // Nothing changed.
        #expect(
            Self.response(try Self.invoke(0x3F, 0x04, harness: &harness, controller: &controller))?.fields == all.fields
        )
    }

    /// GroupKeyMap stays empty: an empty list is written, an entry is refused (the IPK CONSTRAINT_ERROR, any other
    /// set RESOURCE_EXHAUSTED, as there are no groups), and Manage is needed.
    @Test func groupKeyMapWritesKeepItEmpty() throws {
        func entry(_ set: UInt64) -> TLVElement {
            TLVElement(
                .structure([TLVElement(tag: .context(1), .unsigned(5)), TLVElement(tag: .context(2), .unsigned(set))]))
        }
        var controller = MatterTestController(passcode: 0, seed: 380)
        var harness = try Self.harness(&controller, privilege: .manage)
        let version = harness.table.dataVersion(endpoint: 0, cluster: 0x3F)
        let written = try MatterNodeBridgeWriteTests.write(
            [
                MatterNodeBridgeWriteTests.data(0, 0x3F, 0, .array([])),
                MatterNodeBridgeWriteTests.data(0, 0x3F, 0, .array([entry(0)])),
                MatterNodeBridgeWriteTests.data(0, 0x3F, 0, .array([entry(7)])),
            ], harness: &harness, controller: &controller)
        #expect(MatterNodeBridgeWriteTests.statuses(written) == [.success, .constraintError, .resourceExhausted])
        #expect(harness.table.dataVersion(endpoint: 0, cluster: 0x3F) == version)

        var operating = MatterTestController(passcode: 0, seed: 381)
        var lowHarness = try Self.harness(&operating, privilege: .operate)
        let refused = try MatterNodeBridgeWriteTests.write(
            [MatterNodeBridgeWriteTests.data(0, 0x3F, 0, .array([]))], harness: &lowHarness, controller: &operating)
        #expect(MatterNodeBridgeWriteTests.statuses(refused) == [.unsupportedAccess])
    }

    @Test func groupKeyManagementNeedsAnAccessingFabric() throws {
        var harness = try MatterNodeHarness()
        var commissioner = try MatterNodeCommissioningTests.commissioner(seed: 378)
        try commissioner.pase(over: &harness)
        // PASE before AddNOC: Administer, but no fabric.
        for command: UInt32 in [0x00, 0x01, 0x03, 0x04] {
            let answer = try commissioner.invoke(
                cluster: 0x3F, command: command, fields: command == 0 ? Self.keySet(id: 7) : Self.keySetID(0),
                over: &harness)
            #expect(Self.status(answer) == .unsupportedAccess)
        }
        // General Diagnostics is not fabric-scoped.
        #expect(Self.response(try commissioner.invoke(cluster: 0x33, command: 0x01, over: &harness)) != nil)
    }
}
