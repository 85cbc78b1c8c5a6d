import MHubConfiguration
import MHubJSON
import MatterDataModel
import MatterOnboarding
import Testing

@testable import MHubHub

/// Simulated devices answer reads, writes and commands as the clusters describe.
@Suite struct DeviceInteractionTests {
    /// A hub with one commissioned device of each template (node IDs 1…10 in template order).
    static func homeWithEveryTemplate() -> HubHarness {
        let devices = DeviceTemplates.all.enumerated().map { index, template in
            SimulatedDeviceDeclaration(template: template.key, discriminator: UInt16(100 + index), passcode: 20_202_021)
        }
        var harness = HubHarness(devices: devices)
        for index in devices.indices {
            let code = try! SetupPayloadHelper.qr(discriminator: UInt16(100 + index), passcode: 20_202_021)
            _ = harness.ok("commission_with_code", ["code": .string(code)])
        }
        _ = harness.ok("start_listening")
        return harness
    }

    static func node(_ template: String) -> Int64 {
        Int64(DeviceTemplates.all.firstIndex { $0.key == template }! + 1)
    }

    func value(_ harness: HubHarness, _ node: Int64, _ path: String) -> AttributeValue? {
        harness.hub.state.nodes[NodeID(node)]?.data[AttributePath(path)!]
    }

    func command(
        _ harness: inout HubHarness, _ template: String, cluster: Int64, _ name: String, _ payload: JSONValue = [:]
    ) -> HubOutcome {
        harness.send(
            "device_command",
            [
                "node_id": .integer(Self.node(template)), "endpoint_id": 1, "cluster_id": .integer(cluster),
                "command_name": .string(name), "payload": payload,
            ])
    }

    @Test func onOffCommandsChangeTheStateAndEveryListenerHearsIt() {
        var harness = Self.homeWithEveryTemplate()
        let light = Self.node("on-off-light")
        let on = command(&harness, "on-off-light", cluster: 6, "On")
        #expect(on.result(for: 1) == .null)
        #expect(on.events.map(\.name) == ["attribute_updated"])
        #expect(on.events.first?.data == [.integer(light), "1/6/0", true])
        #expect(on.changes.contains { if case .saveNode(let node) = $0 { node.id == NodeID(light) } else { false } })
        _ = command(&harness, "on-off-light", cluster: 6, "Toggle")
        #expect(value(harness, light, "1/6/0") == .bool(false))
        // No change, no event.
        #expect(command(&harness, "on-off-light", cluster: 6, "Off").events.isEmpty)
        _ = command(&harness, "on-off-plug-in-unit", cluster: 6, "On")
        #expect(value(harness, Self.node("on-off-plug-in-unit"), "1/6/0") == .bool(true))
    }

    @Test func levelTransitionsReportAlongTheWay() {
        var harness = Self.homeWithEveryTemplate()
        let light = Self.node("dimmable-light")
        _ = command(&harness, "dimmable-light", cluster: 6, "On")
        let start = command(
            &harness, "dimmable-light", cluster: 8, "MoveToLevel",
            ["level": 54, "transitionTime": 10, "optionsMask": 0, "optionsOverride": 0])
        #expect(start.result(for: 1) == .null)
        #expect(value(harness, light, "1/8/0") == .unsigned(254))
        #expect(value(harness, light, "1/8/1") == .unsigned(10))
        var reported: [Int64] = []
        for _ in 0..<10 {
            let step = harness.advance(by: 100)
            for event in step.events where event.data.arrayElement(1) == "1/8/0" {
                if case .integer(let level)? = event.data.arrayElement(2) { reported.append(level) }
            }
        }
        #expect(reported == [234, 214, 194, 174, 154, 134, 114, 94, 74, 54])
        #expect(value(harness, light, "1/8/1") == .unsigned(0))
        #expect(harness.hub.devices.transitions.isEmpty)
        #expect(harness.committed.last.map { if case .saveNode = $0 { true } else { false } } == true)
    }

    @Test func moveToLevelWithOnOffTurnsTheLightOffAtTheMinimum() {
        var harness = Self.homeWithEveryTemplate()
        let light = Self.node("dimmable-light")
        _ = command(
            &harness, "dimmable-light", cluster: 8, "MoveToLevelWithOnOff",
            ["level": 1, "transitionTime": 5, "optionsMask": 0, "optionsOverride": 0])
        #expect(value(harness, light, "1/6/0") == .bool(false))
        _ = command(
            &harness, "dimmable-light", cluster: 8, "MoveToLevelWithOnOff",
            ["level": 200, "transitionTime": 0, "optionsMask": 0, "optionsOverride": 0])
        #expect(value(harness, light, "1/6/0") == .bool(true))
        #expect(value(harness, light, "1/8/0") == .unsigned(200))
        _ = command(
            &harness, "dimmable-light", cluster: 8, "MoveToLevelWithOnOff",
            ["level": 1, "transitionTime": 5, "optionsMask": 0, "optionsOverride": 0])
        #expect(value(harness, light, "1/6/0") == .bool(true))
        _ = harness.advance(by: 500)
        #expect(value(harness, light, "1/8/0") == .unsigned(1))
        #expect(value(harness, light, "1/6/0") == .bool(false))
        // A plain MoveToLevel while off does nothing (Options.ExecuteIfOff clear).
        _ = command(
            &harness, "dimmable-light", cluster: 8, "MoveToLevel",
            ["level": 100, "transitionTime": 0, "optionsMask": 0, "optionsOverride": 0])
        #expect(value(harness, light, "1/8/0") == .unsigned(1))
        // ...unless the command overrides it.
        _ = command(
            &harness, "dimmable-light", cluster: 8, "MoveToLevel",
            ["level": 100, "transitionTime": 0, "optionsMask": 1, "optionsOverride": 1])
        #expect(value(harness, light, "1/8/0") == .unsigned(100))
    }

    @Test func stopHaltsAMoveWhereItIs() {
        var harness = Self.homeWithEveryTemplate()
        let light = Self.node("dimmable-light")
        _ = command(&harness, "dimmable-light", cluster: 6, "On")
        _ = command(
            &harness, "dimmable-light", cluster: 8, "Move",
            ["moveMode": 1, "rate": 100, "optionsMask": 0, "optionsOverride": 0])
        _ = harness.advance(by: 500)
        #expect(value(harness, light, "1/8/0") == .unsigned(204))
        _ = command(&harness, "dimmable-light", cluster: 8, "Stop", ["optionsMask": 0, "optionsOverride": 0])
        _ = harness.advance(by: 2000)
        #expect(value(harness, light, "1/8/0") == .unsigned(204))
    }

    @Test func colorTemperatureMovesAndIsClampedToThePhysicalRange() {
        var harness = Self.homeWithEveryTemplate()
        let light = Self.node("color-temperature-light")
        _ = command(&harness, "color-temperature-light", cluster: 6, "On")
        _ = command(
            &harness, "color-temperature-light", cluster: 0x300, "MoveToColorTemperature",
            ["colorTemperatureMireds": 400, "transitionTime": 0, "optionsMask": 0, "optionsOverride": 0])
        #expect(value(harness, light, "1/768/7") == .unsigned(400))
        _ = command(
            &harness, "color-temperature-light", cluster: 0x300, "MoveToColorTemperature",
            ["colorTemperatureMireds": 9000, "transitionTime": 0, "optionsMask": 0, "optionsOverride": 0])
        #expect(value(harness, light, "1/768/7") == value(harness, light, "1/768/16396"))
    }

    @Test func doorLockLocksUnlocksRelocksAndReportsEvents() {
        var harness = Self.homeWithEveryTemplate()
        let lock = Self.node("door-lock")
        let unlocked = command(&harness, "door-lock", cluster: 0x101, "UnlockDoor")
        #expect(value(harness, lock, "1/257/0") == .unsigned(2))
        #expect(unlocked.events.contains { $0.name == "node_event" && $0.data["event_id"] == 2 })
        _ = command(&harness, "door-lock", cluster: 0x101, "LockDoor")
        #expect(value(harness, lock, "1/257/0") == .unsigned(1))
        _ = command(&harness, "door-lock", cluster: 0x101, "UnlockWithTimeout", ["timeout": 3])
        #expect(value(harness, lock, "1/257/0") == .unsigned(2))
        _ = harness.advance(by: 2900)
        #expect(value(harness, lock, "1/257/0") == .unsigned(2))
        let relock = harness.advance(by: 100)
        #expect(value(harness, lock, "1/257/0") == .unsigned(1))
        #expect(relock.events.map(\.name) == ["attribute_updated"])
    }

    @Test func thermostatSetpointsMoveWithinTheirLimits() {
        var harness = Self.homeWithEveryTemplate()
        let thermostat = Self.node("thermostat")
        let heating = value(harness, thermostat, "1/513/18")?.integerValue ?? 0
        _ = command(&harness, "thermostat", cluster: 0x201, "SetpointRaiseLower", ["mode": 0, "amount": 10])
        #expect(value(harness, thermostat, "1/513/18")?.integerValue == heating + 100)
        // 12.7 °C down twice from 21 °C: clamped at MinHeatSetpointLimit.
        _ = command(&harness, "thermostat", cluster: 0x201, "SetpointRaiseLower", ["mode": 0, "amount": -127])
        #expect(value(harness, thermostat, "1/513/18")?.integerValue == heating + 100 - 1270)
        _ = command(&harness, "thermostat", cluster: 0x201, "SetpointRaiseLower", ["mode": 0, "amount": -127])
        #expect(value(harness, thermostat, "1/513/18") == value(harness, thermostat, "1/513/21"))
    }

    @Test func windowCoveringTravelsOverTime() {
        var harness = Self.homeWithEveryTemplate()
        let blind = Self.node("window-covering")
        _ = command(&harness, "window-covering", cluster: 0x102, "GoToLiftPercentage", ["liftPercent100thsValue": 5000])
        #expect(value(harness, blind, "1/258/11") == .unsigned(5000))
        #expect(value(harness, blind, "1/258/10") == .unsigned(0b1010))
        _ = harness.advance(by: 2500)
        #expect(value(harness, blind, "1/258/14") == .unsigned(2500))
        _ = harness.advance(by: 2500)
        #expect(value(harness, blind, "1/258/14") == .unsigned(5000))
        #expect(value(harness, blind, "1/258/10") == .unsigned(0))
        let refused = command(
            &harness, "window-covering", cluster: 0x102, "GoToLiftPercentage", ["liftPercent100thsValue": 10001])
        #expect(refused.errorCode(for: 1) == .sdkStackError)
    }

    @Test func identifyCountsDown() {
        var harness = Self.homeWithEveryTemplate()
        let sensor = Self.node("contact-sensor")
        _ = command(&harness, "contact-sensor", cluster: 3, "Identify", ["identifyTime": 2])
        #expect(value(harness, sensor, "1/3/0") == .unsigned(2))
        _ = harness.advance(by: 1000)
        #expect(value(harness, sensor, "1/3/0") == .unsigned(1))
        _ = harness.advance(by: 1000)
        #expect(value(harness, sensor, "1/3/0") == .unsigned(0))
    }

    @Test func everyTemplatesCommandsAreAnsweredOrRefusedWithAStatus() {
        var harness = Self.homeWithEveryTemplate()
        for (index, template) in DeviceTemplates.all.enumerated() {
            let node = harness.hub.state.nodes[NodeID(index + 1)]!
            for cluster in node.data.endpoints[1]!.clusters.values {
                guard let definition = ClusterCatalog.definition(cluster.id) else { continue }
                for command in definition.commands {
                    var payload: [String: JSONValue] = [:]
                    for field in command.fields where !field.optional {
                        payload[field.name] =
                            field.nullable
                            ? .null : .integer(field.type.integerRange.map { max(0, $0.lowerBound) } ?? 0)
                    }
                    let outcome = harness.send(
                        "device_command",
                        [
                            "node_id": .integer(Int64(index + 1)), "endpoint_id": 1,
                            "cluster_id": .integer(Int64(cluster.id)),
                            "command_name": .string(command.name), "payload": .object(payload),
                        ])
                    let reply = outcome.replies.last
                    switch reply?.result {
                    case .success?: break
                    case .failure(let error)?:
                        #expect(error.code == .sdkStackError, "\(template.key) \(command.name): \(error)")
                        #expect(error.details.contains("(0x"), "\(template.key) \(command.name): \(error)")
                    case nil:
                        Issue.record("\(template.key) \(command.name) got no reply")
                    }
                }
            }
        }
    }

    @Test func writesAreCheckedAndARefusedWriteChangesNothing() {
        var harness = Self.homeWithEveryTemplate()
        let light = Self.node("dimmable-light")
        func write(_ path: String, _ value: JSONValue) -> HubOutcome {
            harness.send(
                "write_attribute", ["node_id": .integer(light), "attribute_path": .string(path), "value": value])
        }
        let ok = write("1/8/17", 100)
        #expect(ok.result(for: 1)?.arrayElement(0)?["Status"] == 0)
        #expect(value(harness, light, "1/8/17") == .unsigned(100))
        let cases: [(String, JSONValue, String)] = [
            ("1/8/17", 255, "CONSTRAINT_ERROR (0x87)"),
            ("1/8/17", "high", "INVALID_DATA_TYPE (0x8D)"),
            ("1/8/0", 10, "UNSUPPORTED_WRITE (0x88)"),
            ("1/8/999", 1, "UNSUPPORTED_ATTRIBUTE (0x86)"),
            ("1/513/0", 1, "UNSUPPORTED_CLUSTER (0xC3)"),
            ("7/8/17", 1, "UNSUPPORTED_ENDPOINT (0x7F)"),
            ("1/8/15", -1, "CONSTRAINT_ERROR (0x87)"),
        ]
        for (path, json, status) in cases {
            let outcome = write(path, json)
            guard case .failure(let error)? = outcome.replies.last?.result else {
                Issue.record("\(path) = \(json) was accepted")
                continue
            }
            #expect(error.code == .sdkStackError)
            #expect(error.details.hasPrefix(status), "\(path): \(error.details)")
            #expect(outcome.changes.isEmpty && outcome.events.isEmpty)
        }
        #expect(value(harness, light, "1/8/17") == .unsigned(100))
        // Nullable attributes take null.
        #expect(write("1/8/17", .null).result(for: 1) != nil)
        #expect(value(harness, light, "1/8/17") == .null)
    }

    @Test func thermostatSetpointWritesRespectLimitsAndDeadBand() {
        var harness = Self.homeWithEveryTemplate()
        let thermostat = Self.node("thermostat")
        func write(_ path: String, _ value: Int64) -> HubError? {
            harness.error(
                "write_attribute",
                ["node_id": .integer(thermostat), "attribute_path": .string(path), "value": .integer(value)])
        }
        let cooling = value(harness, thermostat, "1/513/17")?.integerValue ?? 2600
        #expect(write("1/513/18", 2000) == nil)
        #expect(write("1/513/18", cooling - 100)?.details.hasPrefix("CONSTRAINT_ERROR") == true)
        #expect(write("1/513/18", 600)?.details.hasPrefix("CONSTRAINT_ERROR") == true)
    }

    @Test func readsTakePathsWildcardsAndLists() {
        var harness = Self.homeWithEveryTemplate()
        let light = Self.node("on-off-light")
        let one = harness.ok("read_attribute", ["node_id": .integer(light), "attribute_path": "1/6/0"])
        #expect(one == ["1/6/0": false])
        let cluster = harness.ok("read_attribute", ["node_id": .integer(light), "attribute_path": "1/6/*"])
        #expect(cluster["1/6/0"] == false)
        #expect(cluster["1/6/65533"] != nil)
        let list = harness.ok("read_attribute", ["node_id": .integer(light), "attribute_path": ["0/40/1", "0/40/3"]])
        #expect(list["0/40/1"] == "mhub")
        #expect(
            harness.error("read_attribute", ["node_id": .integer(light), "attribute_path": "1/6/999"])?.code
                == .sdkStackError)
        #expect(
            harness.error("read_attribute", ["node_id": .integer(light), "attribute_path": "1/6"])?.code
                == .invalidArguments)
        #expect(harness.error("read_attribute", ["node_id": 99, "attribute_path": "1/6/0"])?.code == .nodeNotExists)
    }

    @Test func physicalChangesArriveAsChangesMadeElsewhere() {
        var harness = Self.homeWithEveryTemplate()
        let sensor = Self.node("contact-sensor")
        let pressed = harness.send(
            "set_attribute", ["node_id": .integer(sensor), "attribute_path": "1/69/0", "value": false])
        #expect(pressed.events.map(\.name) == ["attribute_updated", "node_event"])
        #expect(pressed.events.last?.data["cluster_id"] == 69)
        // Not writable over Matter, but a person can press the switch.
        let light = Self.node("on-off-light")
        #expect(
            harness.error("write_attribute", ["node_id": .integer(light), "attribute_path": "1/6/0", "value": true])?
                .details.hasPrefix("UNSUPPORTED_WRITE") == true)
        #expect(
            harness.ok("set_attribute", ["node_id": .integer(light), "attribute_path": "1/6/0", "value": true]) == [
                "1/6/0": true
            ])
        // Still typed and ranged.
        #expect(
            harness.error("set_attribute", ["node_id": .integer(light), "attribute_path": "1/6/0", "value": 3])?.code
                == .sdkStackError)
    }

    @Test func slowSilentAndUnreachableDevices() {
        var harness = Self.homeWithEveryTemplate()
        let light = Self.node("on-off-light")
        let device = harness.hub.state.nodes[NodeID(light)]!.simulatedDeviceID!
        _ = harness.ok(
            "set_fault", ["fault": "slow_device", "simulated_device_id": .integer(device), "latency_ms": 800])
        let slow = command(&harness, "on-off-light", cluster: 6, "On")
        #expect(slow.replies.isEmpty)
        #expect(value(harness, light, "1/6/0") == .bool(false), "not applied before the device answers")
        #expect(harness.advance(by: 799).replies.isEmpty)
        let answered = harness.advance(by: 1)
        #expect(answered.result(for: 1) == .null)
        #expect(answered.events.map(\.name) == ["attribute_updated"])
        #expect(value(harness, light, "1/6/0") == .bool(true))
        _ = harness.ok("clear_faults")

        _ = harness.ok("set_fault", ["fault": "device_unresponsive", "simulated_device_id": .integer(device)])
        let silent = harness.send(
            "device_command",
            [
                "node_id": .integer(light), "endpoint_id": 1, "cluster_id": 6, "command_name": "Off", "payload": [:],
                "interaction_timeout_ms": 3000,
            ])
        #expect(silent.replies.isEmpty)
        let timedOut = harness.advance(by: 3000)
        #expect(timedOut.errorCode(for: 1) == .sdkStackError)
        #expect(value(harness, light, "1/6/0") == .bool(true))
        _ = harness.ok("clear_faults")

        let unreachable = harness.send(
            "set_fault", ["fault": "device_unreachable", "simulated_device_id": .integer(device)])
        #expect(unreachable.events.contains { $0.name == "node_updated" && $0.data["available"] == false })
        #expect(command(&harness, "on-off-light", cluster: 6, "Off").errorCode(for: 1) == .nodeNotReady)
        _ = harness.hub.networkKnown(
            HubNetwork(
                hostName: "hub.local.", matterPort: 5540,
                addresses: [
                    .init(ip: "192.0.2.7", interface: "eth0", isLinkLocal: false),
                    .init(ip: "fe80::7", interface: "eth0", isLinkLocal: true),
                ]))
        #expect(harness.ok("ping_node", ["node_id": .integer(light)]) == ["192.0.2.7": false, "fe80::7%eth0": false])
        #expect(harness.ok("get_node_ip_addresses", ["node_id": .integer(light)]) == ["192.0.2.7", "fe80::7"])
        #expect(
            harness.ok("get_node_ip_addresses", ["node_id": .integer(light), "scoped": true])
                == ["192.0.2.7", "fe80::7%eth0"])
    }

    @Test func behavioursActOnTheirOwn() {
        var harness = Self.homeWithEveryTemplate()
        let sensor = Self.node("contact-sensor")
        _ = harness.ok(
            "set_behavior", ["node_id": .integer(sensor), "behavior": "contact_toggle", "interval_ms": 1000])
        let before = value(harness, sensor, "1/69/0")
        let first = harness.advance(by: 1000)
        #expect(value(harness, sensor, "1/69/0") != before)
        #expect(first.events.map(\.name) == ["attribute_updated", "node_event"])
        _ = harness.advance(by: 1000)
        #expect(value(harness, sensor, "1/69/0") == before)
        let thermometer = Self.node("temperature-sensor")
        _ = harness.ok(
            "set_behavior", ["node_id": .integer(thermometer), "behavior": "temperature_drift", "interval_ms": 500])
        let readings = (0..<5).compactMap { _ in
            harness.advance(by: 500).events.first { $0.data.arrayElement(1) == "1/1026/0" }
        }
        #expect(readings.count == 5)
        #expect(
            harness.error("set_behavior", ["node_id": .integer(thermometer), "behavior": "contact_toggle"])?.code
                == .invalidArguments)
    }

    /// `diagnostics` carries the hub's latest node events, oldest first, the last 25 as python-matter-server keeps
    /// (`device_controller.py` `event_history`), not a fixed empty list (issue 11 point 9).
    @Test func diagnosticsCarriesTheLatestNodeEvents() {
        var harness = Self.homeWithEveryTemplate()
        #expect(harness.ok("diagnostics")["events"] == .array([]))
        let sensor = Self.node("contact-sensor")
        var emitted: [JSONValue] = []
        for index in 0..<30 {
            let changed = harness.send(
                "set_attribute",
                ["node_id": .integer(sensor), "attribute_path": "1/69/0", "value": .bool(index % 2 == 1)])
            emitted += changed.events.filter { $0.name == "node_event" }.map(\.data)
        }
        #expect(emitted.count == 30)
        guard case .array(let recent)? = harness.ok("diagnostics")["events"] else {
            Issue.record("diagnostics has no events list")
            return
        }
        #expect(recent == Array(emitted.suffix(DeviceRuntime.recentEventsKept)))
        #expect(recent.count == 25)
        #expect(recent.last?["node_id"] == .integer(sensor))
    }
}

extension JSONValue {
    func arrayElement(_ index: Int) -> JSONValue? {
        if case .array(let values) = self, values.indices.contains(index) { return values[index] }
        return nil
    }
}
