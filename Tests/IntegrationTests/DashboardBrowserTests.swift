import Foundation
import MHubJSON
import MatterTestSupport
import Testing

/// The dashboard in a real browser: Debian's `chromium`, driven through `chromium-driver` by Selenium (PyPI, in the
/// peers' environment of `scripts/peers-venv.sh`), loads the page from a real mhubd and is used as a person would
/// (`Peers/dashboard_browser.py`); what the page shows is checked against the hub through `mhubctl`.
///
/// Screenshots of the main views go to `$MHUB_TEST_ARTIFACTS/dashboard`, or `.build/test-artifacts/dashboard`.
/// Outside CI the suite is skipped when the browser, its driver or Selenium is missing; in CI (`CI` set) that fails.
@Suite(.serialized, .enabled(if: DashboardBrowser.shouldRun))
struct DashboardBrowserTests {
    @Test func aPersonUsesTheDashboardInChromium() throws {
        let python = try DashboardBrowser.requirePython()
        let daemon = try DashboardBrowser.daemon()
        try daemon.start()
        let hub = try daemon.connect(.unix)
        // The README's demo light: the configured lamp, commissioned into the Kitchen as "Kitchen light".
        // Beside it a dimmable lamp and a lock, commissioned the same way (instantly: the page's own commissioning
        // later runs with the realistic profile).
        _ = try hub.call("create_room", ["name": "Kitchen"])
        _ = try hub.call("create_room", ["name": "Entrance"])
        let devices: [(code: String, name: String, room: String)] = [
            (DaemonHarness.lampQR, "Kitchen light", "Kitchen"), ("1497-011-2338", "Desk lamp", "Kitchen"),
            ("0562-051-5067", "Front door", "Entrance"),
        ]
        for (index, device) in devices.enumerated() {
            _ = try hub.call("prepare_commissioning")
            _ = try hub.call("commission_with_code", ["code": .string(device.code), "timing": "instant"])
            _ = try hub.call("configure_device", ["name": .string(device.name), "room": .string(device.room)])
            #expect(try hub.call("complete_commissioning")["node_ids"] == [.integer(Int64(index + 1))])
        }
        // Nodes 4 to 8, one of each of the other kinds the page drives, in the living room and the garden.
        _ = try hub.call("create_room", ["name": "Living room"])
        _ = try hub.call("create_room", ["name": "Garden"])
        let waiting = try hub.call("get_simulated_devices").list ?? []
        for (offset, (_, name, room)) in DashboardBrowser.moreKinds.enumerated() {
            let device = try #require(waiting.first { $0["name"]?.text == name }, "no simulated \(name)")
            _ = try hub.call("prepare_commissioning")
            _ = try hub.call("commission_with_code", ["code": device["qr_code"] ?? .null, "timing": "instant"])
            _ = try hub.call("configure_device", ["name": .string(name), "room": .string(room)])
            #expect(try hub.call("complete_commissioning")["node_ids"] == [.integer(Int64(offset + 4))])
        }

        // A controller commissions the hub itself (the Swift commissioner over UDP), so the page has a fabric to show.
        _ = try hub.call("open_commissioning_window", ["timeout": 120])
        var transport = MatterSocketTransport(try MatterSocketClient(.udp, port: daemon.matterPort))
        var commissioner = try MatterTestCommissioner(
            passcode: 20_202_021, fabricID: 0xFAB1, hubNodeID: 0x1234, seed: 81)
        #expect(try commissioner.commission(over: &transport) == 1)

        let artifacts = DashboardBrowser.artifacts
        try? FileManager.default.removeItem(at: artifacts)
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let tokenFile = daemon.directory.appendingPathComponent("state/admin.token").path
        let result = try runProcess(
            python,
            [
                DashboardBrowser.script.path, "http://127.0.0.1:\(daemon.port)/", Executables.mhubctl.path,
                daemon.socketPath, tokenFile, artifacts.path,
            ], timeout: 240)
        let lastLine = result.output.split(separator: "\n").last.map(String.init) ?? ""
        let report = try JSONParser().parse(lastLine)
        let failure =
            "dashboard_browser.py ended with \(result.status): \(report["error"] ?? nil)\n\(result.errors.suffix(3000))"
            + "\nmhubd:\n\(daemon.log.suffix(3000))"
        #expect(result.status == 0, "\(failure)")

        // The demo light is shown in its room, and the page connected without a token (the loopback scope).
        #expect(report["demo_light_name"] == "Kitchen light")
        #expect(report["demo_light_room"] == "Kitchen")
        #expect(report["demo_light_power"] == "off")
        #expect(report["connection_without_token"]?.text?.contains("without admin") == true)
        // Its toggle changed the hub's state, with the mouse and with the keyboard alone.
        #expect(report["hub_after_click"] == true)
        #expect(report["hub_after_keyboard"] == true)
        #expect(report["tabs_to_toggle"] != nil, "Tab never reached the light's toggle")
        #expect(report["focus_kept_after_update"] == "node-1-power")
        // A change by hand (mhubctl … --as-physical) appeared before the one-second deadline; one from the page too.
        #expect(report["physical_change_shown_within_1s"] == true, "\(report["physical_change_ms"] ?? nil) ms")
        #expect(report["physical_message"]?.text?.contains("someone at the device") == true)
        // Dimmed with the keyboard (MoveToLevelWithOnOff: off at the lowest level, on above it), and a lock unlocked.
        #expect(report["lamp_after_home"] == ["1/6/0": false, "1/8/0": 1])
        #expect(report["lamp_after_end"] == ["1/6/0": true, "1/8/0": 254])
        #expect(report["focus_kept_on_slider"] == "node-2-level")
        #expect(report["lock_state_after_click"] == 2)
        // The colour bulb: MoveToColorTemperature (3000 K is 333 mireds), then MoveToHueAndSaturation (ColorMode 0) from
        // the hue and saturation sliders and from the colour picker (blue is 240°: hue 169).
        #expect(report["bulb_after_temperature"] == ["1/768/7": 333, "1/768/8": 2])
        #expect(report["bulb_after_colour"] == ["1/768/0": 84, "1/768/1": 254, "1/768/8": 0])
        #expect(report["bulb_colour_mode_shown"] == "hue and saturation")
        #expect(report["bulb_after_picker"] == ["1/768/0": 169, "1/768/1": 254])
        // The fan: FanMode Medium written (66 %), then PercentSetting 50 (still Medium, speed 5).
        #expect(report["fan_after_mode"] == ["1/514/0": 2, "1/514/2": 66])
        #expect(report["fan_after_slider"] == ["1/514/0": 2, "1/514/2": 50, "1/514/3": 50, "1/514/6": 5])
        // The valve opened for ten minutes, counting down, then closed.
        #expect(report["valve_after_open"]?["1/129/4"] == 1)
        let remaining = report["valve_after_open"]?["1/129/3"]?.int ?? 0
        #expect((1...600).contains(remaining), "\(report["valve_after_open"] ?? nil)")
        #expect(report["valve_closes_in_shown"]?.text?.contains("min") == true)
        #expect(report["valve_after_close"] == 0)
        // The smoke alarm tested (ExpressedState 4 Testing), then smoke sensed by hand (1 SmokeAlarm, Critical), and
        // its battery run down to 20 % (BatPercentRemaining in half percents, BatChargeLevel Warning).
        #expect(report["alarm_while_testing"] == ["1/92/0": 4, "1/92/5": true])
        #expect(report["alarm_after_smoke"] == ["1/92/0": 1, "1/92/1": 2])
        #expect(report["alarm_battery"] == ["1/47/12": 40, "1/47/14": 1])
        #expect(report["alarm_battery_shown"]?.text?.hasPrefix("20%, low") == true)
        // The air monitor's PM2.5, typed in: refused to a controller, set by someone at the device.
        #expect(report["pm25_as_controller"]?.text?.contains("UNSUPPORTED_WRITE") == true)
        #expect(report["pm25_after_controller"] == .double(8))
        #expect(report["pm25_after_physical"] == .double(35))
        // Commissioned from the page through the whole session: every step, then the device in its new room.
        let steps: JSONValue = [
            "discovery", "pase", "attestation", "csr", "noc", "network_setup", "operational_discovery", "commissioned",
        ]
        #expect(report["commission_steps_done"] == steps)
        #expect(report["steps_seen_running"]?.list?.isEmpty == false, "no step was seen done while running")
        #expect(report["commission_outcome"]?.text?.contains("Hall door is commissioned") == true)
        #expect(report["commissioned_device"]?["room"] == "Hall")
        #expect(report["commissioned_device"]?["simulated_device_id"] == 2)
        #expect(report["commissioned_card_room"] == "Hall")
        // Its reading: refused to a controller as the device refuses a write, changed by someone at the door.
        #expect(report["sensor_write_as_controller"]?.text?.contains("UNSUPPORTED_WRITE") == true)
        #expect(report["sensor_after_physical"] == false)
        // The fabric the controller added the hub to, and how the window it used closed.
        #expect(
            report["fabrics_shown"]?.text?.contains("Fabric 1: vendor") == true, "\(report["fabrics_shown"] ?? nil)")
        #expect(report["fabrics_shown"]?.text?.contains("000000000000FAB1") == true)
        #expect(report["window_before"]?.text?.contains("commissioned") == true, "\(report["window_before"] ?? nil)")
        // The event log shows what happened, in the hub's event names.
        #expect(report["log_shows_physical_change"] == true)
        // The policy holds in the browser: an inline script added to the page does not run.
        #expect(report["inline_script_ran"] == false)
        // Admin only with the token, which travels in the handshake and stays out of URLs and the log.
        #expect(report["faults_without_admin"]?.text?.contains("admin scope") == true)
        #expect(report["connection_with_token"]?.text?.contains("admin scope") == true)
        #expect(report["token_in_url"] == false)
        #expect(report["token_in_session_storage"] == true)
        #expect(report["admin_after_reload"] == true)
        #expect(report["hub_offline_in_hub"] == true)
        #expect(report["hub_offline_after_second_click"] == false)
        // QR codes drawn by the hub decode from screenshots: a waiting device's and the hub's own window's.
        let sims = try hub.call("get_simulated_devices")
        let thermometer = sims.list?.first { $0["simulated_device_id"] == 4 }
        #expect(report["nearby_qr_decoded"] == thermometer?["qr_code"])
        let window = try hub.call("get_commissioning_window")
        #expect(window["open"] == true)
        #expect(report["window_qr_decoded"] == window["setup_qr_code"])
        #expect(report["window_qr_shown"] == window["setup_qr_code"])
        // The HomeKit panel: the bridge's port and Device ID for any scope; its setup code and the QR code of its
        // setup URI, decoded from a screenshot, only with admin and while no controller has paired.
        let homekit = try hub.call("get_homekit")
        #expect(homekit["setup_code"] == .string(DashboardBrowser.homeKitSetupCode))
        if case .integer(let port)? = homekit["port"] {
            #expect(report["homekit_port_shown"]?.text == "TCP \(port)")
        } else {
            Issue.record("the HomeKit face does not listen: \(homekit)")
        }
        #expect(report["homekit_device_id_shown"] == homekit["device_id"])
        #expect(report["homekit_paired_shown"] == "no")
        #expect(report["homekit_without_admin"]?.text?.contains("admin scope") == true)
        #expect(report["homekit_qr_without_admin"] == 0)
        #expect(report["homekit_setup_code_shown"] == .string(DashboardBrowser.homeKitSetupCode))
        #expect(report["homekit_setup_uri_shown"] == homekit["setup_uri"])
        #expect(report["homekit_qr_decoded"] == homekit["setup_uri"])
        // The device added on the network from the form: its own node's port on its card, and its QR code.
        let desk = sims.list?.first { $0["name"] == "Desk node" }
        if case .integer(let port)? = desk?["matter_node"]?["port"] {
            #expect(report["network_device_line"]?.text == "on the network · UDP port \(port)")
        } else {
            Issue.record("the page added no device on the network that listens: \(desk ?? nil)")
        }
        #expect(report["network_device_qr_shown"] == true)
        // A page from another origin could not open the WebSocket; the hub logged why.
        #expect(report["other_origin_result"]?.text?.hasPrefix("refused") == true, "\(report)")
        if let port = report["other_origin_port"]?.int {
            #expect(daemon.log.contains("pages from http://127.0.0.1:\(port) may not use the control protocol"))
        }
        // Every control has an accessible name, in every state checked; nothing broke the policy or a script.
        #expect(report["unnamed_controls"] == ["loaded": [], "commission dialog": [], "admin": [], "phone": []])
        #expect((report["controls_checked"]?.int ?? 0) > 20)
        #expect(report["console_errors"] == [], "console: \(report["console_errors"] ?? nil)")
        #expect(report["console_errors_before_admin"] == [])
        #expect(report["phone_scroll_width"] == 390, "the page is wider than a phone")
        for name in ["overview", "commissioning", "admin", "phone"] {
            #expect(
                FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("\(name).png").path),
                "no \(name).png")
        }
        #expect(daemon.stop() == 0)
        let token = try #require(daemon.adminToken)
        #expect(!daemon.log.contains(token))
    }
}

extension DashboardBrowserTests {
    /// Controls whose controller's request is a write the device refuses: what a sensor, detector or battery reads
    /// changes only at the device.
    static let refusedToAController: Set<String> = [
        "temperature", "humidity", "illuminance", "pressure", "flow", "pm25", "pm10", "co2", "tvoc", "air-quality",
        "speed", "battery", "contact", "leak", "freeze", "rain", "occupancy", "smoke", "co", "room", "outdoors",
        // An energy device's power: what its meter reads.
        "meter-power",
    ]
    /// Controls that act as someone at the device whatever the page acts as, and the one that never does.
    static let alwaysByHand: Set<String> = [
        "press", "double-press", "long-press", "position",
        // A door opened or closed, a car plugged in or unplugged, a zone switched on at the hob, someone showering.
        "open-door", "close-door", "door-open", "door-close", "plug", "full", "unplug", "zone-on-2", "zone-on-3",
        "shower", "thread-radio",
    ]
    static let alwaysAsAController: Set<String> = [
        "self-test",
        // Commands with nothing to press at the device: a power adjustment, charging, a boost, the microwave's
        // settings, the robot sent home or its clean mode, the player's rewind and fast forward.
        "adjust", "cancel-adjust", "enable", "disable", "boost", "cancel-boost", "cook-30", "more-30", "dock",
        "clean-mode", "rewind", "fast-forward",
    ]

    @Test func everyControlOfEveryTemplateIsAnsweredInChromium() throws {
        let python = try DashboardBrowser.requirePython()
        let daemon = try DaemonHarness()
        try daemon.start()
        let hub = try daemon.connect(.unix)
        // A device of every template, each named by it, made commissioned by a scenario.
        let templates = try (hub.call("get_templates").list ?? []).compactMap(\.["key"]?.text).filter { $0 != "bridge" }
        let devices: [JSONValue] = templates.enumerated().map { index, template in
            [
                "id": .string("d\(index)"), "template": .string(template), "name": .string(template),
                "room": "Everything",
            ]
        }
        let scenario: JSONValue = [
            "mhub_scenario": 1, "name": "every kind", "timing_profile": "instant",
            "structures": [["name": "Home", "rooms": ["Everything"]]], "devices": .array(devices),
        ]
        _ = try hub.call("load_scenario", ["text": .string(JSONWriter.compact(scenario))])

        let artifacts = DashboardBrowser.artifacts
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let script = DashboardBrowser.script.deletingLastPathComponent().appendingPathComponent(
            "dashboard_kinds_browser.py")
        let result = try runProcess(
            python, [script.path, "http://127.0.0.1:\(daemon.port)/", String(templates.count), artifacts.path],
            timeout: 240)
        let lastLine = result.output.split(separator: "\n").last.map(String.init) ?? ""
        let report = try JSONParser().parse(lastLine)
        #expect(result.status == 0, "\(report["error"] ?? nil)\n\(result.errors.suffix(3000))")

        // Each answer as the control's kind promises: done, by whom, or the device's refusal of a controller's write.
        var answered: Set<String> = []
        for answer in report["answers"]?.list ?? [] {
            guard let fields = answer.list?.compactMap(\.text), fields.count == 4 else {
                Issue.record("an answer is not [template, key, who, message]: \(answer)")
                continue
            }
            let (template, key, who, message) = (fields[0], fields[1], fields[2], fields[3])
            answered.insert(template)
            let expected: String =
                if who == "controller" && Self.refusedToAController.contains(key) {
                    "UNSUPPORTED_WRITE"
                } else if Self.alwaysByHand.contains(key)
                    || (who == "physical" && !Self.alwaysAsAController.contains(key))
                {
                    "Done, as someone at the device."
                } else {
                    "Done, as a controller."
                }
            #expect(message.contains(expected), "\(template) \(key) as \(who): \(message)")
        }
        #expect(answered == Set(templates))
        // The button pressed twice quickly (press_button), its MultiPressComplete on the card; after the long press
        // the release. The rocker, rocked by hand twice, says so from its SwitchLatched event; the light was set by
        // hand last.
        #expect(report["after_long_press"]?.text?.contains("Last event: released after a long press") == true)
        #expect(report["after_double_press"]?.text?.contains("Last event: 2 presses, done") == true)
        let states = report["states"]
        #expect(states?["generic-switch-latching"]?.text?.contains("Last event: rocked to position") == true)
        #expect(states?["extended-color-light"]?.text?.contains("Colour mode: hue and saturation") == true)
        // Every card still reads its state after all that; the heat pump's meter among them.
        for template in templates {
            let state = states?[template]?.text ?? "unknown"
            #expect(!state.contains("unknown"), "\(template): \(state)")
        }
        #expect(states?["heat-pump"]?.text?.contains("Energy used: ") == true)
        #expect(report["unnamed_controls"] == [])
        #expect(report["console_errors"] == [], "console: \(report["console_errors"] ?? nil)")
        #expect(daemon.stop() == 0)
    }
}

/// Where the browser test's tools come from, and whether they are here.
enum DashboardBrowser {
    static let script = Executables.repositoryRoot.appendingPathComponent(
        "Tests/IntegrationTests/Peers/dashboard_browser.py")

    /// `$MHUB_TEST_ARTIFACTS/dashboard`, else `.build/test-artifacts/dashboard` in the repository.
    static var artifacts: URL {
        let root =
            ProcessInfo.processInfo.environment["MHUB_TEST_ARTIFACTS"].map { URL(fileURLWithPath: $0) }
            ?? Executables.repositoryRoot.appendingPathComponent(".build/test-artifacts")
        return root.appendingPathComponent("dashboard")
    }

    /// Why the browser test cannot run here, or nil if it can.
    static var missingPrerequisite: String? {
        guard let python = OHFClientPeerTests.python, FileManager.default.isExecutableFile(atPath: python.path) else {
            return "no peer Python environment: run scripts/peers-venv.sh (scripts/test.sh does)"
        }
        for tool in ["/usr/bin/chromium", "/usr/bin/chromedriver", "/usr/bin/zbarimg"]
        where !FileManager.default.isExecutableFile(atPath: tool) {
            return "no \(tool): run scripts/setup.sh --test-tools (chromium, chromium-driver, zbar-tools)"
        }
        let selenium = try? runProcess(python, ["-c", "import selenium"], timeout: 30)
        guard selenium?.status == 0 else { return "no Selenium in \(python.path): run scripts/peers-venv.sh" }
        return nil
    }

    /// In CI always (a missing prerequisite then fails the test); elsewhere only when everything is here.
    static var shouldRun: Bool { ChipController.inCI || missingPrerequisite == nil }

    static func requirePython() throws -> URL {
        if let missing = missingPrerequisite { throw TestFailure(missing) }
        return OHFClientPeerTests.python!
    }

    /// The devices commissioned as nodes 4 to 8, one of each kind the page drives besides the first three.
    static let moreKinds: [(template: String, name: String, room: String)] = [
        ("extended-color-light", "Colour bulb", "Living room"), ("fan", "Ceiling fan", "Living room"),
        ("water-valve", "Garden valve", "Garden"), ("smoke-co-alarm", "Smoke alarm", "Living room"),
        ("air-quality-sensor", "Air monitor", "Living room"),
    ]

    /// The HomeKit bridge's configured setup code (`homekit.setup_code`), which the page shows an administrator.
    static let homeKitSetupCode = "031-45-154"

    /// A hub for the page: a lamp, a dimmable lamp and a lock to commission first, a door sensor and a thermometer
    /// to leave waiting, `moreKinds`, the realistic timing profile, so that the page shows a commissioning step by
    /// step, and its HomeKit bridge on a free port with a known setup code.
    static func daemon() throws -> DaemonHarness {
        let first: [JSONValue] = [
            ["template": "on-off-light", "name": "Lamp", "discriminator": 1234, "passcode": 20_202_021],
            ["template": "contact-sensor", "name": "Door", "discriminator": 3000, "passcode": 34_567_890],
            ["template": "door-lock", "name": "Front door", "discriminator": 777, "passcode": 24_681_357],
            ["template": "temperature-sensor", "name": "Thermometer", "discriminator": 1500, "passcode": 34_567_891],
            ["template": "dimmable-light", "name": "Desk lamp", "discriminator": 2000, "passcode": 20_202_021],
        ]
        let more: [JSONValue] = moreKinds.enumerated().map { index, device in
            [
                "template": .string(device.template), "name": .string(device.name),
                "discriminator": .integer(Int64(2100 + index * 100)), "passcode": 20_202_021,
            ]
        }
        return try DaemonHarness(configuration: [
            "commissioning": ["timing_profile": "realistic"], "simulated_devices": .array(first + more),
            "matter": ["port": 0, "device_port_base": 0],
            "homekit": ["enabled": true, "port": 0, "setup_code": .string(homeKitSetupCode)],
        ])
    }
}

extension JSONValue {
    fileprivate var text: String? { if case .string(let text) = self { text } else { nil } }
    fileprivate var list: [JSONValue]? { if case .array(let list) = self { list } else { nil } }
    fileprivate var int: Int64? { if case .integer(let number) = self { number } else { nil } }
}
