import MHubConfiguration
import MHubJSON
import MHubProtocol
import MatterDataModel
import MatterNode
import MatterOnboarding
import Testing

@testable import MHubHub

/// Simulated devices on the network, each its own Matter node: the node that holds a device's state from when it is
/// added, the outputs that start and drive its port, its window, its requests and changes, its removal, and mhub's
/// own commissioning of it.
@Suite struct DeviceNodeTests {
    static let added: JSONValue = [
        "template": "on-off-light", "on_network": true, "discriminator": 2222, "passcode": 20_202_021,
        "network": "ethernet",
    ]

    /// A hub with one device on the network (simulated device 3, node 1), its port listening on 5541 with no fabric.
    static func hubWithNetworkLight() -> (HubHarness, SimulatedDeviceID, NodeID) {
        var harness = HubHarness()
        let info = harness.ok("add_simulated_device", added)
        let id = info["simulated_device_id"]!.number!
        let nodeID = NodeID(info["matter_node"]!["node_id"]!.number!)
        _ = report(&harness, id, .matter(.fabricsChanged([])))
        _ = report(&harness, id, .listening(port: 5541))
        return (harness, id, nodeID)
    }

    static func report(_ harness: inout HubHarness, _ id: SimulatedDeviceID, _ report: DeviceNodeReport) -> HubOutcome {
        let outcome = harness.hub.handle(.deviceNode(id, report), now: harness.now)
        harness.committed += outcome.changes
        return outcome
    }

    static func outputs(_ outcome: HubOutcome) -> [DeviceNodeOutput] {
        outcome.outputs.compactMap { if case .deviceNode(_, let output) = $0 { output } else { nil } }
    }

    /// `get_simulated_devices`' `matter_node` of device `id`.
    static func matterNode(_ harness: inout HubHarness, _ id: SimulatedDeviceID) -> JSONValue {
        guard case .array(let devices) = harness.ok("get_simulated_devices"),
            let device = devices.first(where: { $0["simulated_device_id"] == .integer(id) })
        else { return .null }
        return device["matter_node"] ?? .null
    }

    static func fabric(_ index: UInt8, committed: Bool = true) -> MatterFabricSummary {
        MatterFabricSummary(
            fabricIndex: index, vendorID: 0xFFF1, fabricID: 1, nodeID: 0x1234, compressedFabricID: 0xABCD,
            label: "", isCommitted: committed)
    }

    @Test func aDeviceAddedOnTheNetworkHasItsNodeAtOnceOutsideTheHome() throws {
        var harness = HubHarness()
        let outcome = harness.send("add_simulated_device", Self.added)
        let info = try #require(outcome.result(for: 1))
        let id = try #require(info["simulated_device_id"]?.number)
        let nodeID = try #require(info["matter_node"]?["node_id"]?.number).magnitude
        #expect(info["commissionable"] == true)
        #expect(info["matter_node"]?["commissioning_window_open"] == false, "not before its port listens")
        let node = try #require(harness.hub.state.nodes[nodeID])
        #expect(node.membership == Node.Membership.nearby)
        #expect(node.structureID == Hub.nearbyStructureID)
        #expect(harness.hub.state.simulatedDevices[id]?.networkNodeID == nodeID)
        #expect(outcome.changes.contains(.saveNode(node)))
        // Its port starts with what its node is made from.
        let spec = DeviceNodeSpec(
            deviceID: id, vendorID: 0xFFF1,
            productID: DeviceTemplates.productID(of: DeviceTemplates.named("on-off-light")!),
            deviceTypeID: 0x0100, discriminator: 2222, passcode: 20_202_021)
        #expect(Self.outputs(outcome) == [.started(spec)])
        #expect(harness.hub.networkDeviceSpecs == [spec])
        // Not in the home: no listing has it, no bridge number, no home request takes it.
        #expect(harness.ok("get_nodes") == [])
        #expect(harness.ok("get_devices") == [])
        #expect(node.bridgedEndpoints.isEmpty)
        #expect(harness.error("get_node", ["node_id": .integer(Int64(nodeID))])?.code == .nodeNotExists)
        #expect(harness.error("remove_node", ["node_id": .integer(Int64(nodeID))])?.code == .nodeNotExists)
        // But it is a device: read and driven like any.
        #expect(harness.ok("read_attribute", ["node_id": .integer(Int64(nodeID)), "attribute_path": "1/6/0"]) != nil)
        _ = harness.ok("set_attribute", ["node_id": .integer(Int64(nodeID)), "attribute_path": "1/6/0", "value": true])
        #expect(
            harness.hub.state.nodes[nodeID]?.data[AttributePath(endpoint: 1, cluster: 6, attribute: 0)] == .bool(true))
        // Its endpoints as its own node serves them.
        #expect(harness.hub.deviceEndpoints(of: id)?.endpointIDs == [1])
    }

    @Test func itsWindowIsOpenWhileItIsOnNoFabric() {
        var (harness, id, _) = Self.hubWithNetworkLight()
        #expect(harness.hub.run.deviceNodes[id]?.window == .basic(discriminator: 2222))
        // A fabric added under the fail-safe keeps the window; committed, it closes.
        #expect(
            Self.outputs(Self.report(&harness, id, .matter(.fabricsChanged([Self.fabric(1, committed: false)]))))
                .isEmpty)
        let committed = Self.report(&harness, id, .matter(.fabricsChanged([Self.fabric(1)])))
        #expect(Self.outputs(committed) == [.windowChanged(nil)])
        // Listeners hear the device's node change, as get_simulated_devices would show it.
        let updated = committed.events.filter { $0.name == "simulated_device_updated" }
        #expect(updated.count == 1)
        #expect(updated.first?.data["matter_node"]?["commissioning_window_open"] == false)
        // A report that changes nothing it shows is not heard.
        #expect(Self.report(&harness, id, .matter(.failSafeExpired)).events.isEmpty)
        let info = Self.matterNode(&harness, id)
        #expect(info["commissioning_window_open"] == false)
        #expect(info["port"] == 5541)
        #expect(info["fabrics"]?[0]?["fabric_index"] == 1)
        // Its last fabric removed, it is commissionable again.
        #expect(
            Self.outputs(Self.report(&harness, id, .matter(.fabricsChanged([]))))
                == [.windowChanged(.basic(discriminator: 2222))])
    }

    @Test func wrongPasscodesCloseItsWindowForTheRun() {
        var (harness, id, _) = Self.hubWithNetworkLight()
        #expect(
            Self.outputs(Self.report(&harness, id, .matter(.commissioningAttemptsExhausted))) == [.windowChanged(nil)])
        #expect(Self.outputs(Self.report(&harness, id, .matter(.fabricsChanged([])))).isEmpty)
        let info = Self.matterNode(&harness, id)
        #expect(info["problem"] == "its commissioning window closed after too many wrong passcodes")
    }

    @Test func aControllersToggleIsTheDevicesStateAndIsAnsweredToItsNode() {
        var (harness, id, nodeID) = Self.hubWithNetworkLight()
        let request = BridgedRequest(id: 9, endpoint: 1, operation: .invoke(cluster: 6, command: 2, fields: [:]))
        let outcome = Self.report(&harness, id, .matter(.bridgedRequest(request)))
        let onOff = AttributePath(endpoint: 1, cluster: 6, attribute: 0)
        #expect(harness.hub.state.nodes[nodeID]?.data[onOff] == .bool(true))
        #expect(Self.outputs(outcome) == [.changed(.attributes([onOff])), .answered(requestID: 9, .status(0))])
        #expect(outcome.events.contains { $0.name == "attribute_updated" })
        // A change made at the socket reaches the device's own node too, on its own endpoint numbers.
        let set = harness.send(
            "set_attribute", ["node_id": .integer(Int64(nodeID)), "attribute_path": "1/6/0", "value": false])
        #expect(Self.outputs(set) == [.changed(.attributes([onOff]))])
        // An endpoint it does not have, or its root, is not for the device logic.
        let wrong = BridgedRequest(id: 10, endpoint: 5, operation: .invoke(cluster: 6, command: 2, fields: [:]))
        #expect(
            Self.outputs(Self.report(&harness, id, .matter(.bridgedRequest(wrong))))
                == [.answered(requestID: 10, .status(InteractionStatus.unsupportedEndpoint.rawValue))])
    }

    @Test func aSlowDevicesAnswerGoesToItsOwnNode() {
        var (harness, id, nodeID) = Self.hubWithNetworkLight()
        _ = harness.ok("set_fault", ["fault": "slow_device", "simulated_device_id": .integer(id), "latency_ms": 500])
        let request = BridgedRequest(id: 4, endpoint: 1, operation: .invoke(cluster: 6, command: 1, fields: [:]))
        #expect(Self.outputs(Self.report(&harness, id, .matter(.bridgedRequest(request)))).isEmpty)
        let later = harness.advance(by: 500)
        #expect(Self.outputs(later).contains(.answered(requestID: 4, .status(0))))
        #expect(
            harness.hub.state.nodes[nodeID]?.data[AttributePath(endpoint: 1, cluster: 6, attribute: 0)] == .bool(true))
    }

    @Test func removingTheDeviceStopsItsNodeAndDropsItsState() {
        var (harness, id, nodeID) = Self.hubWithNetworkLight()
        let outcome = harness.send("remove_simulated_device", ["simulated_device_id": .integer(id)])
        #expect(Self.outputs(outcome) == [.stopped])
        #expect(harness.hub.state.nodes[nodeID] == nil)
        #expect(outcome.changes.contains(.deleteNode(nodeID)))
        #expect(harness.hub.run.deviceNodes[id] == nil)
        // A late report of its port changes nothing.
        #expect(Self.report(&harness, id, .listening(port: 5541)).isEmpty)
    }

    @Test func mhubsOwnCommissioningPutsTheSameNodeInTheHomeAndRemovalTakesItBack() throws {
        var (harness, id, nodeID) = Self.hubWithNetworkLight()
        _ = harness.ok("set_attribute", ["node_id": .integer(Int64(nodeID)), "attribute_path": "1/6/0", "value": true])
        let payload = SetupPayload(
            vendorID: 0xFFF1, productID: 0x8000, discoveryCapabilities: .onNetwork, discriminator: 2222,
            passcode: 20_202_021)
        let commissioned = harness.send(
            "commission_with_code", ["code": .string(try ManualPairingCode(payload).digits())])
        let node = try #require(harness.hub.state.nodes[nodeID])
        #expect(node.isInHome)
        // Its own node joins mhub's fabric as the home's node.
        let membership = HubFabricMembership(
            fabricID: harness.hub.state.fabric.fabricID, nodeID: nodeID, vendorID: 0xFFF1, label: "",
            administrator: FabricIdentity.hubNodeID)
        #expect(Self.outputs(commissioned).contains(.joinHubFabric(membership)))
        #expect(node.structureID == harness.hub.defaultStructureID)
        #expect(!node.bridgedEndpoints.isEmpty)
        #expect(node.data[AttributePath(endpoint: 1, cluster: 6, attribute: 0)] == .bool(true), "its state kept")
        #expect(harness.hub.state.simulatedDevices[id]?.nodeID == nodeID)
        #expect(harness.ok("get_nodes")[0]?["node_id"] == .integer(Int64(nodeID)))
        // Out of the home again, it stays on the network with its state.
        let removed = harness.send("remove_node", ["node_id": .integer(Int64(nodeID))])
        #expect(Self.outputs(removed).contains(.leaveHubFabric))
        let back = try #require(harness.hub.state.nodes[nodeID])
        #expect(back.membership == Node.Membership.nearby)
        #expect(back.bridgedEndpoints.isEmpty)
        #expect(back.data[AttributePath(endpoint: 1, cluster: 6, attribute: 0)] == .bool(true))
        #expect(harness.hub.state.simulatedDevices[id]?.nodeID == nil)
        #expect(harness.ok("get_nodes") == [])
    }

    @Test func refusals() {
        var harness = HubHarness(configure: { $0.matter.maximumNetworkDevices = 1 })
        _ = harness.ok("add_simulated_device", Self.added)
        let full = harness.error("add_simulated_device", ["template": "on-off-light", "on_network": true])
        #expect(full?.code == .quotaExceeded)
        var other = HubHarness()
        _ = other.ok("add_simulated_device", Self.added)
        let twice = other.error(
            "add_simulated_device", ["template": "dimmable-light", "on_network": true, "discriminator": 2222])
        #expect(twice?.code == .invalidArguments)
        var off = HubHarness(configure: { $0.matter.enabled = false })
        #expect(off.error("add_simulated_device", Self.added)?.code == .invalidArguments)
        // Nothing changed by a refusal.
        #expect(off.hub.state.simulatedDevices.count == 2)
    }

    @Test func theConfigurationsDefaultAndDeclaredDevicesPutThemOnTheNetwork() {
        var declared = SimulatedDeviceDeclaration(template: "on-off-light", discriminator: 1111, passcode: 20_202_021)
        declared.onNetwork = true
        let harness = HubHarness(devices: [declared])
        #expect(harness.hub.networkDeviceSpecs.map(\.discriminator) == [1111])
        var byDefault = HubHarness(devices: [], configure: { $0.matter.devicesOnNetwork = true })
        let info = byDefault.ok("add_simulated_device", ["template": "contact-sensor"])
        #expect(info["matter_node"] != nil)
    }

    @Test func anAdministratorsWindowOpensOnAFabricAndClosesWhenUsedOrDue() {
        var (harness, id, _) = Self.hubWithNetworkLight()
        _ = Self.report(&harness, id, .matter(.fabricsChanged([Self.fabric(1)])))
        let verifier = [UInt8](repeating: 7, count: 97)
        let asked = MatterAdministratorWindow(
            method: .enhanced(
                verifier: verifier, discriminator: 99, iterations: 1000, salt: [UInt8](repeating: 1, count: 32)),
            timeoutSeconds: 180, fabricIndex: 1, vendorID: 0xFFF1)
        let opened = Self.outputs(Self.report(&harness, id, .matter(.administratorOpenedWindow(asked))))
        guard case .windowChanged(.administrator(let window))? = opened.first else {
            Issue.record("no administrator's window: \(opened)")
            return
        }
        #expect(window.secret == .verifier(verifier) && window.discriminator == 99 && window.enhanced)
        #expect(window.administrator == .init(fabricIndex: 1, vendorID: 0xFFF1))
        // The second admin commissions through it: it closes; the device stays off the market.
        _ = Self.report(&harness, id, .matter(.fabricsChanged([Self.fabric(1), Self.fabric(2)])))
        #expect(Self.outputs(Self.report(&harness, id, .matter(.commissioningCompleted))) == [.windowChanged(nil)])
        // A basic one uses the device's own passcode and closes at its timeout on the hub's clock.
        let basic = MatterAdministratorWindow(method: .basic, timeoutSeconds: 60, fabricIndex: 2, vendorID: 0xFFF2)
        _ = Self.report(&harness, id, .matter(.administratorOpenedWindow(basic)))
        #expect(harness.hub.run.deviceNodes[id]?.administratorWindow?.passcode == 20_202_021)
        #expect(harness.hub.nextDeadline == harness.now + 60_000)
        #expect(Self.outputs(harness.advance(by: 59_999)).isEmpty)
        #expect(Self.outputs(harness.advance(by: 1)) == [.windowChanged(nil)])
    }

    @Test func shareDeviceOpensAWindowOnADeviceOnTheNetwork() throws {
        var (harness, id, nodeID) = Self.hubWithNetworkLight()
        // On no fabric, it is commissionable with its own codes already.
        let own = harness.ok("open_commissioning_window", ["node_id": .integer(Int64(nodeID))])
        #expect(own["setup_pin_code"] == 20_202_021)
        _ = Self.report(&harness, id, .matter(.fabricsChanged([Self.fabric(1)])))
        // On a fabric: an enhanced window with a fresh passcode, as the OHF server opens one.
        let outcome = harness.send("open_commissioning_window", ["node_id": .integer(Int64(nodeID)), "timeout": 120])
        let shared = try #require(outcome.result(for: 1))
        guard case .integer(let pin)? = shared["setup_pin_code"],
            case .string(let manual)? = shared["setup_manual_code"],
            case .string(let qr)? = shared["setup_qr_code"]
        else {
            Issue.record("no codes: \(shared)")
            return
        }
        #expect(pin != 20_202_021 && SetupPasscode.isValid(UInt32(pin)))
        #expect(qr.hasPrefix("MT:") && manual.count == 11)
        let window = try #require(harness.hub.run.deviceNodes[id]?.administratorWindow)
        #expect(window.passcode == UInt32(pin) && window.enhanced && window.closesAt == harness.now + 120_000)
        #expect(Self.outputs(outcome) == [.windowChanged(.administrator(window))])
        // One at a time.
        #expect(harness.error("open_commissioning_window", ["node_id": .integer(Int64(nodeID))])?.code == .sessionState)
        // A node that is not on the network keeps its clear error.
        let payload = SetupPayload(
            vendorID: 0xFFF1, productID: 0x8000, discoveryCapabilities: .onNetwork, discriminator: 1234,
            passcode: 20_202_021)
        let node = harness.ok("commission_with_code", ["code": .string(try ManualPairingCode(payload).digits())])
        let bridged = harness.error("open_commissioning_window", ["node_id": node["node_id"]!])
        #expect(bridged?.details.contains("not on the network") == true)
    }

    @Test func aFactoryResetLeavesEveryFabricAndBringsTheTemplatesStateBack() throws {
        var (harness, id, nodeID) = Self.hubWithNetworkLight()
        let onOff = AttributePath(endpoint: 1, cluster: 6, attribute: 0)
        _ = harness.ok("set_attribute", ["node_id": .integer(Int64(nodeID)), "attribute_path": "1/6/0", "value": true])
        _ = Self.report(&harness, id, .matter(.commissioningAttemptsExhausted))
        _ = Self.report(&harness, id, .matter(.fabricsChanged([Self.fabric(1)])))
        let outcome = harness.send("reset_simulated_device", ["simulated_device_id": .integer(id)])
        #expect(outcome.result(for: 1)?["simulated_device_id"] == .integer(id))
        #expect(harness.hub.state.nodes[nodeID]?.data[onOff] == .bool(false), "the template's state")
        #expect(outcome.events.contains { $0.name == "attribute_updated" })
        #expect(Self.outputs(outcome).last == .factoryReset)
        #expect(harness.hub.run.deviceNodes[id]?.attemptsExhausted == false)
        // Its port starts afresh and reports no fabric: its own window opens again.
        #expect(
            Self.outputs(Self.report(&harness, id, .matter(.fabricsChanged([]))))
                == [.windowChanged(.basic(discriminator: 2222))])
        // Only for a device on the network that is not in the home.
        #expect(harness.error("reset_simulated_device", ["simulated_device_id": 1])?.code == .invalidArguments)
        #expect(harness.error("reset_simulated_device", ["simulated_device_id": 99])?.code == .simulatedDeviceNotFound)
        let payload = SetupPayload(
            vendorID: 0xFFF1, productID: 0x8000, discoveryCapabilities: .onNetwork, discriminator: 2222,
            passcode: 20_202_021)
        _ = harness.ok("commission_with_code", ["code": .string(try ManualPairingCode(payload).digits())])
        #expect(harness.error("reset_simulated_device", ["simulated_device_id": .integer(id)])?.code == .sessionState)
    }

    @Test func theNodeIsFoundAgainAfterALoad() {
        let (harness, id, nodeID) = Self.hubWithNetworkLight()
        var state = harness.hub.state
        state.simulatedDevices[id]?.networkNodeID = nil
        let again = Hub(state: state, settings: harness.hub.settings, random: .seeded(1))
        #expect(again.state.simulatedDevices[id]?.networkNodeID == nodeID)
    }
}

extension JSONValue {
    fileprivate var number: Int64? { if case .integer(let value) = self { value } else { nil } }

    fileprivate subscript(index: Int) -> JSONValue? {
        if case .array(let items) = self, items.indices.contains(index) { items[index] } else { nil }
    }
}
