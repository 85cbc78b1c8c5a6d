import DNSSDPeerSupport
import Foundation
import MHubClient
import MHubJSON
import MHubTesting
import Testing

/// The real Home Assistant (homeassistant 2025.4.4 from PyPI, the newest that installs on Python 3.13, unmodified) with
/// its `matter` integration, run in-process as Home Assistant's own tests run it (no frontend, no listening HTTP
/// server; `Peers/ha_matter.py`), against a real `mhubd --ephemeral` holding one commissioned device of every template
/// (the bridge too): the config entry loads while other clients are busy on the hub, every device gets its HA device
/// and entities, `light.toggle` reaches mhub, an `--as-physical` change reaches HA's state, a firmware update is
/// offered and installed through HA's update entity, the other entity kinds' services (light levels and colour
/// temperature, switch, lock, cover, climate, identify, number, select) reach the devices, and a device commissioned
/// later appears with HA's fabric label. A second test checks the test can fail: a hub that refuses
/// `set_default_fabric_label` leaves the entry in SETUP_RETRY.
///
/// The environment comes from `scripts/peers-venv.sh ha` (test.sh exports `MHUB_HA_PYTHON`); it needs a Python
/// >= 3.13 (Debian 12's is 3.11). Outside CI the suite is skipped, with the reason, when there is none; in CI (`CI`
/// set) that fails it.
@Suite(
    .serialized, .enabled(if: HomeAssistantPeer.shouldRun, HomeAssistantPeer.skipComment),
    .timeLimit(.minutes(6)))
struct HomeAssistantPeerTests {
    /// The entity domains Home Assistant's matter integration must create for each template's node (its discovery
    /// schemas for the template's clusters): Identify gives a button, the OTA Software Update Requestor on endpoint 0
    /// an update entity. The bridge's lights are entities of its bridged devices.
    static let expectedDomains: [String: Set<String>] = [
        "on-off-light": ["light", "button", "update"],
        "dimmable-light": ["light", "button", "update"],
        "color-temperature-light": ["light", "button", "update"],
        "on-off-plug-in-unit": ["switch", "button", "update"],
        "contact-sensor": ["binary_sensor", "sensor", "button", "update"],
        "temperature-sensor": ["sensor", "button", "update"],
        "occupancy-sensor": ["binary_sensor", "button", "update"],
        "door-lock": ["lock", "sensor", "button", "update"],
        "thermostat": ["climate", "button", "update"],
        "window-covering": ["cover", "button", "update"],
        "extended-color-light": ["light", "button", "update"],
        "dimmable-plug-in-unit": ["light", "button", "update"],
        // Mounted controls are Matter 1.4 types python-matter-server 7.0.0 does not know: HA makes an outlet switch.
        "mounted-on-off-control": ["switch", "button", "update"],
        "mounted-dimmable-load-control": ["switch", "button", "update"],
        "light-sensor": ["sensor", "button", "update"],
        "pressure-sensor": ["sensor", "button", "update"],
        "flow-sensor": ["sensor", "button", "update"],
        "humidity-sensor": ["sensor", "button", "update"],
        "air-quality-sensor": ["sensor", "button", "update"],
        // Smoke, battery alert, muted, testing, hardware fault, end of service; contamination; the sensitivity select.
        "smoke-co-alarm": ["binary_sensor", "sensor", "select", "button", "update"],
        "water-leak-detector": ["binary_sensor", "sensor", "button", "update"],
        "water-freeze-detector": ["binary_sensor", "sensor", "button", "update"],
        "rain-sensor": ["binary_sensor", "sensor", "button", "update"],
        "fan": ["fan", "button", "update"],
        "air-purifier": ["fan", "sensor", "button", "update"],
        "room-air-conditioner": ["climate", "switch", "fan", "sensor", "button", "update"],
        // A button's presses and a rocker's positions are events (multi_press_1…3, long_press, switch_latched).
        "generic-switch": ["event", "sensor", "button", "update"],
        "generic-switch-latching": ["event", "sensor", "button", "update"],
        // Controllers hold client clusters only: Home Assistant makes their Identify button (and the battery).
        "on-off-light-switch": ["button", "sensor", "update"],
        "dimmer-switch": ["button", "sensor", "update"],
        "color-dimmer-switch": ["button", "sensor", "update"],
        "on-off-sensor": ["button", "sensor", "update"],
        "door-lock-controller": ["button", "sensor", "update"],
        "window-covering-controller": ["button", "sensor", "update"],
        "pump-controller": ["button", "sensor", "update"],
        "control-bridge": ["button", "sensor", "update"],
        // The home's router: Home Assistant 2025.4.4 makes nothing of its network clusters, only the update entity.
        "network-infrastructure-manager": ["update"],
        "mode-select": ["select", "button", "update"],
        "water-valve": ["valve", "sensor", "button", "update"],
        "pump": ["switch", "button", "update"],
        // The heat pump's parts: its room thermostat's climate and the outdoor temperature; its own meter's sensors.
        "heat-pump": ["climate", "sensor", "button", "update"],
        // Appliances: the operational state and current phase sensors, the Start, Pause, Resume and Stop buttons, the
        // power switch (On/Off of these device types), the mode, temperature level (and the washer's spin speed and
        // rinses) selects. Nothing for Laundry Dryer Controls nor Dishwasher Alarm, which HA 2025.4 does not read.
        "laundry-washer": ["sensor", "button", "switch", "select", "update"],
        "laundry-dryer": ["sensor", "button", "switch", "select", "update"],
        "dishwasher": ["sensor", "button", "switch", "select", "update"],
        // Media: HA 2025.4.4 has no media player for Matter; it makes a power switch of a speaker's or a TV's On/Off
        // (the speaker's On/Off is its mute) and a number of the speaker's OnLevel; the controllers have client
        // clusters only (and a battery). The casting player's Content App endpoints (Application Basic, Application
        // Launcher, Keypad Input, Content Launcher) match no discovery schema: nothing more than the player's.
        "speaker": ["switch", "number", "button", "update"],
        "basic-video-player": ["switch", "button", "update"],
        "casting-video-player": ["switch", "button", "update"],
        "casting-video-client": ["button", "sensor", "update"],
        "video-remote-control": ["button", "sensor", "update"],
        // The energy devices: their meter's sensors and the mode selects HA 2025.4.4 knows (Energy EVSE Mode, Device
        // Energy Management Mode); no EVSE, water heater or battery entities of their own in that version.
        "evse": ["select", "sensor", "button", "update"],
        "water-heater": ["select", "sensor", "button", "update"],
        "device-energy-management": ["select", "sensor", "button", "update"],
        "electrical-sensor": ["sensor", "button", "update"],
        "solar-power": ["select", "sensor", "button", "update"],
        "battery-storage": ["select", "sensor", "button", "update"],
        // Kitchen: each cabinet's temperature sensor and mode select; the hob's power switches, its zones' level
        // selects and pan temperatures; the hood's fan and carbon filter (condition sensor, reset button).
        "refrigerator": ["sensor", "select", "button", "update"],
        "temperature-controlled-cabinet": ["sensor", "button", "update"],
        "cooktop": ["switch", "select", "sensor", "button", "update"],
        "extractor-hood": ["fan", "sensor", "button", "update"],
        // The oven's cavity: its operational state and temperature sensors, its mode select (HA's buttons are for
        // Operational State 0x0060 only). The microwave: the operational state sensor and the four program buttons.
        "oven": ["sensor", "select", "button", "update"],
        "microwave-oven": ["sensor", "button", "update"],
        "robotic-vacuum-cleaner": ["vacuum", "sensor", "select", "button", "update"],
        "bridge": ["light", "update"],
    ]

    /// At least this many entities of a domain, where a template makes several: the air monitor's readings (air
    /// quality, temperature, humidity, PM2.5, PM10, CO2, TVOC), a battery's charge, voltage and replacement.
    static let minimumCounts: [String: [String: Int]] = [
        "air-quality-sensor": ["sensor": 7],
        "contact-sensor": ["sensor": 3],
        "water-leak-detector": ["sensor": 3, "binary_sensor": 1],
        // HEPA and carbon filter conditions, air quality, PM2.5; Identify and the two filters' resets.
        "air-purifier": ["sensor": 4, "button": 3],
        "smoke-co-alarm": ["binary_sensor": 6],
        // Power, voltage, current and energy imported; the room's and the outdoor temperature. Identify on each of
        // its three endpoints.
        "heat-pump": ["sensor": 6, "button": 3],
        // Identify and the four program buttons; mode, temperature, spin speed and rinses.
        "laundry-washer": ["sensor": 2, "button": 5, "select": 4],
        "laundry-dryer": ["sensor": 2, "button": 5, "select": 2],
        "dishwasher": ["sensor": 2, "button": 5, "select": 2],
        // Power, voltage, current and energy imported (HA 2025.4.4 has no sensor for the energy exported); the EVSE's
        // two modes; the battery's charge and voltage besides.
        "evse": ["sensor": 4, "select": 2],
        "water-heater": ["sensor": 4],
        "electrical-sensor": ["sensor": 4],
        "solar-power": ["sensor": 4],
        "battery-storage": ["sensor": 6],
        "refrigerator": ["sensor": 2, "select": 2],
        // The cooktop's and both zones' power; each zone's level and pan temperature.
        "cooktop": ["switch": 3, "select": 2, "sensor": 2],
        "extractor-hood": ["button": 2],
        "oven": ["sensor": 2],
        "microwave-oven": ["button": 5],
        // Operational state and battery; the clean mode.
        "robotic-vacuum-cleaner": ["sensor": 2, "select": 1],
    ]

    /// The other layouts `ha_matter.py` commissions (`LAYOUTS`): the entity domain each endpoint or bridged device
    /// gets, and how many endpoints or bridged devices it has.
    static let layouts: [String: (domain: String, count: Int)] = [
        "on-off-plug-in-unit*3": ("switch", 3), "bridge/contact-sensor*2": ("binary_sensor", 2),
        "bridge/thermostat*2": ("climate", 2), "bridge/door-lock*2": ("lock", 2),
        "bridge/window-covering*2": ("cover", 2),
    ]

    /// What the hub holds after each of the other service calls `ha_matter.py` makes (`SERVICE_CALLS`), by
    /// "<template> <domain>.<service>": Home Assistant's conversions (brightness 128 is level 128, 3000 K is 333
    /// mireds, 30 % open is 70 % closed, °C in hundredths) through mhub's cluster logic.
    static let serviceResults: [String: JSONValue] = [
        "dimmable-light light.turn_on": ["1/6/0": true, "1/8/0": 128],
        "color-temperature-light light.turn_on": ["1/6/0": true, "1/768/7": 333, "1/768/8": 2],
        "on-off-plug-in-unit switch.turn_on": ["1/6/0": true],
        // 120° and 100 % as HA sends them: hue 120 / 360 × 254 and saturation 254, in hue-and-saturation mode.
        "extended-color-light light.turn_on": ["1/6/0": true, "1/768/0": 84, "1/768/1": 254, "1/768/8": 0],
        "dimmable-plug-in-unit light.turn_on": ["1/6/0": true, "1/8/0": 128],
        // 50 % is Medium, speed 5 of 10; Auto leaves the settings null and the fan at its own 50 %.
        "fan fan.set_percentage": ["1/514/0": 2, "1/514/2": 50, "1/514/3": 50, "1/514/6": 5],
        "air-purifier fan.set_preset_mode": ["1/514/0": 5, "1/514/2": .null, "1/514/3": 50],
        "room-air-conditioner switch.turn_off": ["1/6/0": false],
        "water-valve valve.open_valve": ["1/129/4": 1, "1/129/5": 1],
        "pump switch.turn_on": ["1/6/0": true],
        "mode-select select.select_option": ["1/80/3": 2],
        "door-lock lock.unlock": ["1/257/0": 2],
        "door-lock lock.lock": ["1/257/0": 1],
        "window-covering cover.set_cover_position": ["1/258/11": 7000],
        "thermostat climate.set_temperature": ["1/513/17": 2500, "1/513/18": 1900],
        "thermostat climate.set_hvac_mode": ["1/513/28": 4],
        "heat-pump climate.set_temperature": ["2/513/18": 2200, "2/513/41": 1, "1/144/8": 2_000_000],
        // Device optimization only: the load opts out of the home's and the grid's adjustments (OptOutState 3).
        "device-energy-management select.select_option": ["1/159/1": 1, "1/152/7": 3],
        "on-off-light button.press": [:],
        "dimmable-light number.set_value": ["1/8/17": 128],
        "on-off-light select.select_option": ["1/6/16387": 1],
        // Quick is mode 3; Start runs its program from its first phase, the wash (Quick has no pre-wash).
        "laundry-washer select.select_option": ["1/81/1": 3],
        "laundry-washer button.press": ["1/96/4": 1, "1/96/1": 1],
        "speaker switch.turn_off": ["1/6/0": false],
        "casting-video-player switch.turn_off": ["1/6/0": false],
        // 100 % of three speeds: High, speed 3.
        "extractor-hood fan.set_percentage": ["1/514/0": 3, "1/514/2": 100, "1/514/6": 3],
        // The robot on its dock: the clean mode (Mop is 1); vacuum.start sends Resume, which a docked robot refuses
        // in its response (nothing to resume: it stays Docked, 0x42, its run mode Idle); return_to_base sends GoHome,
        // NoError on the dock; vacuum.pause sends the generic Operational State's Pause (cluster 0x0060), which the
        // robot does not have (`serviceRefusals`).
        "robotic-vacuum-cleaner select.select_option": ["1/85/1": 1],
        "robotic-vacuum-cleaner vacuum.start": ["1/97/4": 0x42, "1/84/1": 0],
        "robotic-vacuum-cleaner vacuum.return_to_base": ["1/97/4": 0x42],
        "robotic-vacuum-cleaner vacuum.pause": ["1/97/4": 0x42],
    ]

    /// Service calls Home Assistant 2025.4.4 makes that the device refuses, as the specification has it: the call
    /// reports an error. Its `vacuum.pause` sends Operational State's Pause (0x0060) to a robot vacuum, whose cluster
    /// is RVC Operational State (0x0061): UNSUPPORTED_CLUSTER.
    static let serviceRefusals: Set<String> = ["robotic-vacuum-cleaner vacuum.pause"]

    @Test func homeAssistantSetsUpEveryTemplateTogglesSeesPhysicalChangesAndInstallsAnUpdate() throws {
        try HomeAssistantPeer.requireEnvironment()
        let hub = try MHubTestHub.start(.init(daemon: Executables.mhubd))
        defer { hub.stop() }
        // An mhub app listening for everything the whole time, as Home Assistant connects and works.
        let watcher = try hub.connect()
        let heard = HeardEvents()
        watcher.setEventHandler { event in heard.add(event) }
        _ = try watcher.call("start_listening", ["events": "all"])

        let run = try HomeAssistantPeer.run(hub)
        let report = run.report
        #expect(run.status == 0, "\(run.failureContext)")
        #expect(report["homeassistant_version"] == "2025.4.4")
        #expect(report["entry"]?["state"] == "loaded", "\(compactJSON(report["entry"])) \(run.failureContext)")
        #expect(report["entry"]?["reason"] == .null)
        #expect(report["credentials"] == ["set_wifi_credentials": "ok", "set_thread_dataset": "ok"])

        // Every template of get_templates, the bridge included, commissioned as a user would.
        guard case .array(let templates)? = report["templates"],
            case .object(let commissioned)? = report["commissioned"]
        else {
            Issue.record("no templates in the report: \(run.failureContext)")
            return
        }
        #expect(Set(templates.compactMap(\.haString)) == Set(Self.expectedDomains.keys))
        #expect(Set((report["layouts"]?.haArray ?? []).compactMap(\.haString)) == Set(Self.layouts.keys))
        for (template, node) in commissioned {
            #expect(node.haInteger != nil, "\(template) was not commissioned: \(compactJSON(node))")
        }

        // Every node has its HA device(s) and the entities its clusters call for, none unavailable.
        guard case .object(let nodes)? = report["nodes"] else {
            Issue.record("no nodes in the report: \(run.failureContext)")
            return
        }
        #expect(nodes.count == templates.count + Self.layouts.count)
        for (nodeID, node) in nodes {
            if let layout = node["template"]?.haString, let (domain, count) = Self.layouts[layout] {
                // A strip's outlets are entities of one HA device; a bridge's devices are HA devices of their own.
                guard case .object(let entities)? = node["entities"], case .array(let devices)? = node["devices"] else {
                    Issue.record("node \(nodeID): \(compactJSON(node))")
                    continue
                }
                #expect(
                    entities.keys.filter { $0.hasPrefix(domain + ".") }.count == count, "\(layout): \(entities.keys)")
                #expect(devices.count == (layout.hasPrefix("bridge/") ? count + 1 : 1), "\(layout): \(devices)")
                for (entity, state) in entities {
                    #expect(state != "unavailable", "\(layout): \(entity) is unavailable")
                }
                continue
            }
            guard let template = node["template"]?.haString, let expected = Self.expectedDomains[template],
                case .object(let entities)? = node["entities"], case .array(let devices)? = node["devices"]
            else {
                Issue.record("node \(nodeID): \(compactJSON(node))")
                continue
            }
            let domains = Set(entities.keys.compactMap { $0.split(separator: ".").first.map(String.init) })
            #expect(expected.isSubset(of: domains), "\(template): HA made \(entities.keys.sorted())")
            for (domain, minimum) in Self.minimumCounts[template] ?? [:] {
                let count = entities.keys.filter { $0.hasPrefix(domain + ".") }.count
                #expect(count >= minimum, "\(template): \(count) \(domain) entities, \(entities.keys.sorted())")
            }
            for (entity, state) in entities {
                #expect(state != "unavailable", "\(template): \(entity) is unavailable")
            }
            let root = devices.filter { $0["endpoint"] == "MatterNodeDevice" }
            #expect(root.count == 1, "\(template): \(compactJSON(.array(devices)))")
            #expect(root.first?["manufacturer"] == "mhub", "\(template): \(compactJSON(.array(devices)))")
            #expect(
                root.first?["name"]?.haString?.hasPrefix("HA ") == true, "\(template): \(compactJSON(.array(devices)))")
            if template == "bridge" {
                // Each bridged light is an HA device of its own, through the bridge, with its light.
                let bridged = devices.filter { $0["endpoint"] != "MatterNodeDevice" }
                let bridgedCount = node["bridged_devices"]?.haInteger ?? 0
                #expect(bridgedCount > 0)
                #expect(bridged.count == bridgedCount, "bridge: HA devices \(compactJSON(.array(devices)))")
                for device in bridged {
                    #expect(device["via"] == root.first?["name"], "\(compactJSON(device))")
                }
                #expect(entities.keys.filter { $0.hasPrefix("light.") }.count == bridgedCount, "\(entities.keys)")
            } else {
                #expect(devices.count == 1, "\(template): \(compactJSON(.array(devices)))")
            }
        }

        // Nothing went wrong in Home Assistant's log (an error adding an entity, setting up a node, a failed call).
        let errors = (report["log_problems"]?.haArray ?? []).compactMap(\.haString).filter {
            $0.hasPrefix("ERROR") || $0.hasPrefix("CRITICAL")
        }
        #expect(errors.isEmpty, "Home Assistant logged: \(errors)")

        // Other clients were busy while HA connected: the readings changed meanwhile, and HA shows the last.
        #expect((report["thermometer"]?["changes"]?.haInteger ?? 0) > 0, "\(compactJSON(report["thermometer"]))")
        #expect(report["thermometer"]?["error"] == .null)
        let temperature = report["temperature"]
        if let hubValue = temperature?["hub"]?.haInteger, let shown = temperature?["ha"]?.haString {
            #expect(Double(shown) == Double(hubValue) / 100, "\(compactJSON(temperature))")
        } else {
            Issue.record("no temperature in the report: \(compactJSON(temperature))")
        }
        #expect(report["listener"]?["connected"] == true)

        // light.toggle reached mhub, its listeners and HA's state.
        let toggle = report["toggle"]
        #expect(toggle?["error"] == nil, "\(compactJSON(toggle))")
        #expect(toggle?["hub_before"] == false, "\(compactJSON(toggle))")
        #expect(toggle?["hub_after"] == true, "\(compactJSON(toggle))")
        #expect(toggle?["listener_heard"] == true)
        #expect(toggle?["ha_after"] == "on")
        let lightNode = commissioned["on-off-light"]?.haInteger ?? 0
        #expect(
            heard.attributeValues(node: lightNode, path: "1/6/0").contains(true),
            "the watcher did not hear the toggle")

        // Someone used the devices themselves: HA's states followed.
        let physical = report["physical"]
        #expect(physical?["light"]?["set"] == false, "\(compactJSON(physical))")
        #expect(physical?["light"]?["ha_after"] == "off", "\(compactJSON(physical))")
        #expect(physical?["contact"]?["ha_before"] != nil)
        #expect(
            physical?["contact"]?["ha_after"] != physical?["contact"]?["ha_before"],
            "\(compactJSON(physical?["contact"]))")
        #expect(
            try hub.connect().call(
                "read_attribute", ["node_id": .integer(Int64(lightNode)), "attribute_path": "1/6/0"])
                == ["1/6/0": false])

        // A firmware update: none at first, found once offered, installed through the update entity.
        let update = report["update"]
        #expect(update?["entity"]?.haString?.hasPrefix("update.") == true, "\(compactJSON(update))")
        #expect(update?["before_offer"]?["state"] == "off", "\(compactJSON(update))")
        #expect(update?["before_offer"]?["installed_version"] == "0.1.0", "\(compactJSON(update))")
        #expect(update?["offered"] == true, "\(compactJSON(update))")
        #expect(update?["check_error"] == nil, "\(compactJSON(update))")
        #expect(update?["after_check"]?["state"] == "on", "\(compactJSON(update))")
        #expect(update?["after_check"]?["latest_version"] == "0.2.0")
        #expect(update?["after_check"]?["release_url"] == "https://mhub.invalid/releases/0.2.0")
        #expect(update?["install_error"] == nil, "\(compactJSON(update))")
        #expect(update?["after_install"]?["state"] == "off", "\(compactJSON(update))")
        #expect(update?["after_install"]?["installed_version"] == "0.2.0")
        #expect(update?["after_install"]?["in_progress"] == false)
        let progress = update?["progress"]?.haArray ?? []
        #expect(
            progress.contains { $0["in_progress"] == true },
            "HA never showed the install in progress: \(compactJSON(.array(progress)))")
        #expect(update?["hub_after"]?["0/40/9"] == 2, "\(compactJSON(update))")
        #expect(update?["hub_after"]?["0/40/10"] == "0.2.0")
        #expect(update?["hub_after"]?["0/42/2"] == 1)
        #expect(update?["check_after"] == .null, "\(compactJSON(update))")
        #expect(update?["device_sw_version"] == "0.2.0")

        // The other kinds of entity: each service call reaches the device, as the hub shows afterwards.
        let services = report["services"]?.haArray ?? []
        #expect(services.count == Self.serviceResults.count, "\(compactJSON(report["services"]))")
        for call in services {
            let key = "\(call["template"]?.haString ?? "?") \(call["service"]?.haString ?? "?")"
            #expect((call["error"] != nil) == Self.serviceRefusals.contains(key), "\(key): \(compactJSON(call))")
            guard case .object(let expected)? = Self.serviceResults[key] else {
                Issue.record("unexpected service call \(key)")
                continue
            }
            for (path, value) in expected {
                #expect(
                    call["hub"]?[path] == value, "\(key): \(path) is \(compactJSON(call["hub"]?[path])), not \(value)")
            }
            if key == "on-off-light button.press" {
                #expect((call["hub"]?["1/3/0"]?.haInteger ?? 0) > 0, "identify did not start: \(compactJSON(call))")
            }
        }

        // A device commissioned while HA runs appears in HA, labelled with the fabric label HA set.
        let late = report["late_device"]
        #expect(late?["error"] == nil, "\(compactJSON(late))")
        #expect((late?["entities"]?.haArray ?? []).contains { $0.haString?.hasPrefix("light.") == true })
        #expect(late?["fabric_labels"] == ["mhub peer home"], "\(compactJSON(late))")
        watcher.close()
    }

    /// The check that the test can fail: a hub that refuses `set_default_fabric_label` (a proxy answers it with
    /// InvalidCommand, as mhubd did before it had the command) leaves the config entry in SETUP_RETRY with Home
    /// Assistant's own reason, and the script exits non-zero.
    @Test func aHubThatRefusesSetDefaultFabricLabelLeavesTheEntryInSetupRetry() throws {
        try HomeAssistantPeer.requireEnvironment()
        let hub = try MHubTestHub.start(.init(daemon: Executables.mhubd))
        defer { hub.stop() }
        let run = try HomeAssistantPeer.run(hub, refusing: ["set_default_fabric_label"])
        #expect(run.status != 0)
        #expect(run.report["entry"]?["state"] == "setup_retry", "\(run.failureContext)")
        #expect(run.report["entry"]?["reason"] == "Failed to set default fabric label")
        #expect(run.report["refusals"]?.haArray?.first == "set_default_fabric_label", "\(compactJSON(run.report))")
        #expect(run.report["nodes"] == nil)
    }
}

/// Where Home Assistant's environment comes from, and how `Peers/ha_matter.py` runs against a hub.
enum HomeAssistantPeer {
    static let script = ChipController.peers.appendingPathComponent("ha_matter.py")

    /// `MHUB_HA_PYTHON` (scripts/test.sh exports it, empty when `peers-venv.sh ha` found no Python >= 3.13), else
    /// `.build/ha-venv/bin/python`.
    static var python: URL? {
        if let path = ProcessInfo.processInfo.environment["MHUB_HA_PYTHON"] {
            return path.isEmpty ? nil : URL(fileURLWithPath: path)
        }
        let local = Executables.repositoryRoot.appendingPathComponent(".build/ha-venv/bin/python")
        return FileManager.default.isExecutableFile(atPath: local.path) ? local : nil
    }

    /// Why Home Assistant cannot run here, or nil if it can.
    static var missingPrerequisite: String? {
        guard let python, FileManager.default.isExecutableFile(atPath: python.path) else {
            return "no Home Assistant environment: run scripts/peers-venv.sh ha (scripts/test.sh does); it needs a "
                + "Python >= 3.13 (pyenv's 3.13.0, or MHUB_HA_BASE_PYTHON), and says so when there is none"
        }
        return nil
    }

    /// In CI always (a missing environment then fails the tests); elsewhere only when it is here.
    static var shouldRun: Bool { ChipController.inCI || missingPrerequisite == nil }

    /// Throws the reason when the environment is missing (in CI, where the suite runs anyway).
    static func requireEnvironment() throws {
        if let missing = missingPrerequisite { throw TestFailure(missing) }
    }

    static var skipComment: Comment {
        Comment(rawValue: "SKIPPED, Home Assistant peer test: \(missingPrerequisite ?? "runs")")
    }

    struct Run {
        var status: Int32
        var report: JSONValue
        var output: String
        var errors: String
        var log: String
        var hubLog: String

        /// What to show when an expectation fails: the script's stderr, the end of HA's log and of mhubd's.
        var failureContext: String {
            "ha_matter.py exited \(status)\nstderr: \(errors.suffix(3000))\nHome Assistant log:\n"
                + "\(log.suffix(6000))\nmhubd:\n\(hubLog.suffix(3000))"
        }
    }

    /// Runs the script against `hub` (at most 4 minutes and a bit); its report, output and Home Assistant's log.
    static func run(_ hub: MHubTestHub, refusing refused: [String] = []) throws -> Run {
        guard let python, missingPrerequisite == nil else {
            throw TestFailure(missingPrerequisite ?? "no Home Assistant environment")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mhub-ha-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let ready = directory.appendingPathComponent("ready.json")
        // It holds the hub's token: readable by this user only, as mhubd writes its own.
        guard
            FileManager.default.createFile(
                atPath: ready.path, contents: Data(JSONWriter.compact(hub.ready.json).utf8),
                attributes: [.posixPermissions: 0o600])
        else { throw TestFailure("cannot write \(ready.path)") }
        let logFile = directory.appendingPathComponent("home-assistant.log")
        let arguments = [script.path, ready.path, "--log", logFile.path] + refused.flatMap { ["--refuse", $0] }
        let process = try PeerProcess(python.path, arguments)
        let result = process.finish(within: 260)
        let log = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
        let lastLine = result.output.split(separator: "\n").last.map(String.init) ?? ""
        guard let report = try? JSONParser().parse(lastLine) else {
            throw TestFailure(
                "ha_matter.py printed no report (exit \(result.status)):\n\(result.output.suffix(2000))\n"
                    + "\(result.errors.suffix(4000))\nHome Assistant log:\n\(log.suffix(6000))\nmhubd:\n"
                    + "\(hub.log.suffix(3000))")
        }
        return Run(
            status: result.status, report: report, output: result.output, errors: result.errors, log: log,
            hubLog: hub.log)
    }
}

/// The events an mhub listener heard, from its event handler.
final class HeardEvents: @unchecked Sendable {
    // @unchecked: `events` is touched under `lock` only.
    private let lock = NSLock()
    private var events: [MHubEvent] = []

    func add(_ event: MHubEvent) { lock.withLock { events.append(event) } }

    /// The values `attribute_updated` carried for one attribute of one node.
    func attributeValues(node: Int, path: String) -> [JSONValue] {
        lock.withLock {
            events.compactMap { event in
                guard event.name == "attribute_updated", case .array(let data) = event.data, data.count == 3,
                    data[0] == .integer(Int64(node)), data[1] == .string(path)
                else { return nil }
                return data[2]
            }
        }
    }
}

extension JSONValue {
    /// The string, whole number or array this value holds, or nil: for reading the script's report.
    fileprivate var haString: String? { if case .string(let text) = self { text } else { nil } }
    fileprivate var haInteger: Int? { if case .integer(let number) = self { Int(number) } else { nil } }
    fileprivate var haArray: [JSONValue]? { if case .array(let elements) = self { elements } else { nil } }
}

/// A report value as compact JSON, for failure messages.
private func compactJSON(_ value: JSONValue?) -> String {
    value.map { JSONWriter.compact($0) } ?? "nothing"
}
