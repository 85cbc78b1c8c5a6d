import Foundation
import MHubClient
import MHubJSON
import Testing

/// Live devices through the real mhubd: commands, writes, transitions, changes from elsewhere reaching a
/// subscriber, initial sync, slow and unreachable devices — over both control sockets.
@Suite struct LiveDeviceIntegrationTests {
    /// Every template as a declared simulated device, all commissioned (node IDs in template order).
    static let templates = [
        "on-off-light", "dimmable-light", "color-temperature-light", "on-off-plug-in-unit", "contact-sensor",
        "temperature-sensor", "occupancy-sensor", "door-lock", "thermostat", "window-covering",
    ]

    static func homeWithEveryTemplate() throws -> (DaemonHarness, MHubConnection) {
        let daemon = try DaemonHarness(configuration: [
            "simulated_devices": .array(
                templates.enumerated().map { index, template in
                    [
                        "template": .string(template), "discriminator": .integer(Int64(100 + index)),
                        "passcode": 20_202_021,
                    ]
                })
        ])
        try daemon.start()
        let admin = try daemon.connect(.unix)
        for index in templates.indices {
            let code = "\(Int64(100 + index))"
            _ = code
            let device = try admin.call("get_simulated_devices").arrayValueForTest[index]
            guard case .string(let qr)? = device["qr_code"] else { throw TestFailure("no QR code") }
            _ = try admin.call("commission_with_code", ["code": .string(qr)])
        }
        return (daemon, admin)
    }

    static func node(_ template: String) -> Int64 { Int64(templates.firstIndex(of: template)! + 1) }

    @Test(arguments: DaemonHarness.Transport.allCases)
    func everyTemplateAnswersItsCommandsAndWrites(transport: DaemonHarness.Transport) async throws {
        let (daemon, _) = try Self.homeWithEveryTemplate()
        let hub = try daemon.connect(transport)
        let calls: [(String, UInt32, String, [String: JSONValue], String, JSONValue)] = [
            ("on-off-light", 6, "On", [:], "1/6/0", true),
            ("on-off-plug-in-unit", 6, "Toggle", [:], "1/6/0", true),
            (
                "dimmable-light", 8, "MoveToLevelWithOnOff",
                ["level": 77, "transitionTime": 0, "optionsMask": 0, "optionsOverride": 0], "1/8/0", 77
            ),
            // The light is off: a colour command runs only with ExecuteIfOff (OptionsMask and OptionsOverride bit 0).
            (
                "color-temperature-light", 0x300, "MoveToColorTemperature",
                ["colorTemperatureMireds": 300, "transitionTime": 0, "optionsMask": 1, "optionsOverride": 1], "1/768/7",
                300
            ),
            ("door-lock", 0x101, "UnlockDoor", [:], "1/257/0", 2),
            ("thermostat", 0x201, "SetpointRaiseLower", ["mode": 0, "amount": 5], "1/513/18", 2050),
            ("window-covering", 0x102, "DownOrClose", [:], "1/258/11", 10000),
            ("contact-sensor", 3, "Identify", ["identifyTime": 600], "1/3/0", 600),
            ("temperature-sensor", 3, "Identify", ["identifyTime": 600], "1/3/0", 600),
            ("occupancy-sensor", 3, "Identify", ["identifyTime": 600], "1/3/0", 600),
        ]
        for (template, cluster, command, payload, path, expected) in calls {
            let node = UInt64(Self.node(template))
            _ = try await hub.sendCommand(
                nodeID: node, endpoint: 1, cluster: cluster, command: command, payload: payload)
            let read = try await hub.readAttributes(nodeID: node, paths: [path])
            if path == "1/3/0" {
                // IdentifyTime counts down once a second from the moment the command is taken (600 s: a test
                // process starved by the whole suite read 0 after 5 s).
                guard case .integer(let left)? = read[path] else {
                    Issue.record("\(template) Identify: \(String(describing: read[path]))")
                    continue
                }
                #expect((1...600).contains(left), "\(template) \(command)")
            } else {
                #expect(read[path] == expected, "\(template) \(command)")
            }
        }
        // Writes: valid, and refused with the Matter status (nothing changes).
        let light = UInt64(Self.node("dimmable-light"))
        try await hub.writeAttribute(nodeID: light, path: "1/8/17", value: 120)
        #expect(try await hub.readAttributes(nodeID: light, paths: ["1/8/17"])["1/8/17"] == 120)
        for (path, value, status) in [
            ("1/8/17", JSONValue.integer(255), "CONSTRAINT_ERROR"), ("1/8/0", .integer(3), "UNSUPPORTED_WRITE"),
            ("1/8/17", .string("x"), "INVALID_DATA_TYPE"), ("1/8/4242", .integer(1), "UNSUPPORTED_ATTRIBUTE"),
        ] {
            do {
                try await hub.writeAttribute(nodeID: light, path: path, value: value)
                Issue.record("\(path) = \(value) was accepted")
            } catch {
                #expect(error.code == 7)
                #expect(error.details.hasPrefix(status), "\(error.details)")
            }
        }
        #expect(try await hub.readAttributes(nodeID: light, paths: ["1/8/17"])["1/8/17"] == 120)
        let thermostat = UInt64(Self.node("thermostat"))
        do {
            try await hub.writeAttribute(nodeID: thermostat, path: "1/513/18", value: 3000)
            Issue.record("a heating setpoint above the cooling one was accepted")
        } catch {
            #expect(error.details.hasPrefix("CONSTRAINT_ERROR"))
        }
        #expect(daemon.stop() == 0)
    }

    @Test(arguments: DaemonHarness.Transport.allCases)
    func initialStateFirstThenTransitionsReportingAlongTheWay(transport: DaemonHarness.Transport) async throws {
        let (daemon, admin) = try Self.homeWithEveryTemplate()
        let light = UInt64(Self.node("dimmable-light"))
        _ = try await admin.call(
            "device_command",
            [
                "node_id": .integer(Int64(light)), "endpoint_id": 1, "cluster_id": 6, "command_name": "On",
                "payload": [:],
            ])
        let hub = try daemon.connect(transport)
        hub.closeAfter(seconds: 300)
        let updates = try hub.subscribe()
        var iterator = updates.makeAsyncIterator()
        guard case .initial(let nodes)? = await iterator.next() else {
            Issue.record("the first update is not the initial state")
            return
        }
        #expect(nodes.count == Self.templates.count)
        #expect(nodes[Int(light) - 1]["attributes"]?["1/6/0"] == true)

        // One second to level 54, from another client: reports along the way reach the subscriber.
        _ = try await admin.call(
            "device_command",
            [
                "node_id": .integer(Int64(light)), "endpoint_id": 1, "cluster_id": 8, "command_name": "MoveToLevel",
                "payload": ["level": 54, "transitionTime": 10, "optionsMask": 0, "optionsOverride": 0],
            ])
        var levels: [Int64] = []
        while let update = await iterator.next() {
            guard case .event(let event) = update, event.name == "attribute_updated",
                event.data.elementForTest(1) == "1/8/0", case .integer(let level)? = event.data.elementForTest(2)
            else { continue }
            levels.append(level)
            if level == 54 { break }
        }
        #expect(levels.count >= 5, "\(levels)")
        #expect(levels == levels.sorted(by: >))
        #expect(levels.last == 54)
        #expect(daemon.stop() == 0)
    }

    @Test(arguments: DaemonHarness.Transport.allCases)
    func changesFromAnotherClientAndFromThePhysicalDeviceReachSubscribers(transport: DaemonHarness.Transport)
        async throws
    {
        let (daemon, admin) = try Self.homeWithEveryTemplate()
        let hub = try daemon.connect(transport)
        hub.closeAfter(seconds: 300)
        let updates = try hub.subscribe()
        var iterator = updates.makeAsyncIterator()
        _ = await iterator.next()
        let light = Self.node("on-off-light")
        _ = try await admin.call(
            "device_command",
            ["node_id": .integer(light), "endpoint_id": 1, "cluster_id": 6, "command_name": "Toggle", "payload": [:]])
        let pressed = try runProcess(
            Executables.mhubctl,
            [
                "--socket", daemon.socketPath, "device", "set", String(Self.node("contact-sensor")),
                "1/BooleanState/stateValue", "false", "--as-physical",
            ])
        #expect(pressed.status == 0, "\(pressed.errors)")
        var seen: [String] = []
        while seen.count < 3, let update = await iterator.next() {
            guard case .event(let event) = update else { continue }
            switch event.name {
            case "attribute_updated": seen.append("\(JSONWriter.compact(event.data))")
            case "node_event": seen.append("node_event \(HubCommandsForTest.text(event.data["cluster_id"]))")
            default: continue
            }
        }
        #expect(
            seen == ["[\(light),\"1/6/0\",true]", "[\(Self.node("contact-sensor")),\"1/69/0\",false]", "node_event 69"])
        #expect(daemon.stop() == 0)
    }

    @Test(arguments: DaemonHarness.Transport.allCases)
    func slowAndUnreachableDevices(transport: DaemonHarness.Transport) async throws {
        let (daemon, admin) = try Self.homeWithEveryTemplate()
        let hub = try daemon.connect(transport)
        let light = Self.node("on-off-light")
        _ = try await admin.call(
            "set_fault", ["fault": "slow_device", "simulated_device_id": .integer(light), "latency_ms": 400])
        let started = Date()
        _ = try await hub.sendCommand(nodeID: UInt64(light), endpoint: 1, cluster: 6, command: "On")
        #expect(Date().timeIntervalSince(started) >= 0.39)
        #expect(try await hub.readAttributes(nodeID: UInt64(light), paths: ["1/6/0"])["1/6/0"] == true)
        _ = try await admin.call("clear_faults")
        _ = try await admin.call("set_fault", ["fault": "device_unreachable", "simulated_device_id": .integer(light)])
        do {
            _ = try await hub.sendCommand(nodeID: UInt64(light), endpoint: 1, cluster: 6, command: "Off")
            Issue.record("an unreachable device answered")
        } catch {
            #expect(error.code == 3)
            #expect(error.name == "NodeNotReady")
        }
        #expect(try await admin.call("get_node", ["node_id": .integer(light)])["available"] == false)
        _ = try await admin.call("clear_faults")
        _ = try await admin.call("set_fault", ["fault": "device_unresponsive", "simulated_device_id": .integer(light)])
        do {
            _ = try await hub.call(
                "device_command",
                [
                    "node_id": .integer(light), "endpoint_id": 1, "cluster_id": 6, "command_name": "Off",
                    "payload": [:],
                    "interaction_timeout_ms": 300,
                ])
            Issue.record("a silent device answered")
        } catch {
            #expect(error.code == 7)
            #expect(error.details.hasPrefix("TIMEOUT (0x94)"))
        }
        #expect(daemon.stop() == 0)
    }

    @Test func attributeChangesSurviveARestart() throws {
        let (daemon, admin) = try Self.homeWithEveryTemplate()
        let light = Self.node("dimmable-light")
        _ = try admin.call("write_attribute", ["node_id": .integer(light), "attribute_path": "1/8/17", "value": 42])
        daemon.killHard()
        try daemon.start()
        let hub = try daemon.connect(.unix)
        #expect(
            try hub.call("read_attribute", ["node_id": .integer(light), "attribute_path": "1/8/17"]) == ["1/8/17": 42])
        #expect(daemon.stop() == 0)
    }
}

extension MHubConnection {
    /// Ends a subscription test that waits for events that never come: the stream finishes and the
    /// test's expectations fail instead of hanging. Generous (300 s, longer than the whole suite takes): the
    /// waiting task needs a thread of the cooperative pool, which the long synchronous peer tests beside it can
    /// hold for more than a minute on a loaded 2-core machine (a 60-s limit ended a commissioning flow that way).
    func closeAfter(seconds: Double) {
        Thread.detachNewThread { [weak self] in
            Thread.sleep(forTimeInterval: seconds)
            self?.close()
        }
    }
}

enum HubCommandsForTest {
    static func text(_ value: JSONValue?) -> String {
        switch value {
        case .integer(let number)?: String(number)
        case .string(let text)?: text
        default: "-"
        }
    }
}

extension JSONValue {
    var arrayValueForTest: [JSONValue] {
        if case .array(let values) = self { return values }
        return []
    }

    func elementForTest(_ index: Int) -> JSONValue? {
        if case .array(let values) = self, values.indices.contains(index) { return values[index] }
        return nil
    }
}
