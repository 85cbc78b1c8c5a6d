import MHubConfiguration
import MHubJSON
import MHubProtocol
import MatterDataModel

/// Reads a scenario file strictly (docs/scenarios.md): unknown keys, wrong types, unknown templates, attribute
/// paths that do not exist, names used before they are declared and timeline steps out of order are each an error
/// at their line and column, and then nothing is loaded.
public struct ScenarioDecoder {
    let document: JSONDocument
    /// The files the scenario's `imports` name, read by whoever read the scenario (`mhubd --scenario`, `mhubctl
    /// scenario load`): the hub itself reads no file a client names.
    let files: [String: String]
    /// Device IDs declared so far, with what they are.
    private var devices: [String: DeviceKind] = [:]
    private var structures: [String: Set<String>] = [:]

    enum DeviceKind {
        case simulated
        case commissioned
        case imported

        var hasNode: Bool { self != .simulated }
        var hasSimulatedDevice: Bool { self != .imported }
    }

    /// The faults a scenario may set (not `write_failure` and `slow_sync`, which are for a client's own tests).
    static let faultNames = [
        SetFault.FaultName.hubOffline, .deviceUnreachable, .deviceUnresponsive, .stepFailure, .slowDevice,
        .updateFailure, .applianceError,
    ].map(\.rawValue)

    public init(document: JSONDocument, files: [String: String] = [:]) {
        self.document = document
        self.files = files
    }

    /// Parses and decodes a scenario's text; syntax errors name their line and column too.
    public static func decode(_ bytes: [UInt8], files: [String: String] = [:]) throws(ScenarioError) -> Scenario {
        let document: JSONDocument
        do {
            document = try JSONParser(maximumBytes: 16 << 20).parseDocument(bytes)
        } catch {
            throw ScenarioError(
                position: JSONDocument.position(atOffset: error.offset, in: bytes), pointer: "",
                reason: "invalid JSON: \(error.message)")
        }
        var decoder = ScenarioDecoder(document: document, files: files)
        return try decoder.decode()
    }

    public mutating func decode() throws(ScenarioError) -> Scenario {
        var root = try ScenarioObject(document.value, at: .root, in: document, what: "a scenario")
        guard let version = try root.integer("mhub_scenario", as: Int64.self, in: 0...Int64.max) else {
            throw root.error(nil, "a scenario starts with \"mhub_scenario\": \(Scenario.schemaVersion)")
        }
        guard version == Scenario.schemaVersion else {
            throw root.error(
                "mhub_scenario", "this mhub reads scenario version \(Scenario.schemaVersion), not \(version)")
        }
        let name = try root.requiredString("name")
        let description = try root.string("description")
        let profile = try root.choice("timing_profile", in: ["instant", "realistic"])
        let structures = try decodeStructures(&root)
        let networks = try decodeNetworks(&root)
        let simulated = try decodeSimulatedDevices(&root)
        let devices = try decodeDevices(&root)
        let imports = try decodeImports(&root)
        var setup: [Scenario.Command] = []
        for (value, path) in try root.array("permissions") {
            setup.append(try permission(value, at: path))
        }
        for (value, path) in try root.array("faults") {
            var object = try ScenarioObject(value, at: path, in: document, what: "a fault")
            setup.append(try fault(&object))
            try object.rejectUnknown(in: "a fault")
        }
        for (value, path) in try root.array("behaviors") {
            var object = try ScenarioObject(value, at: path, in: document, what: "a behavior")
            setup.append(try behavior(&object))
            try object.rejectUnknown(in: "a behavior")
        }
        let timeline = try decodeTimeline(&root)
        try root.rejectUnknown(in: "the scenario")
        return Scenario(
            name: name, description: description, timingProfile: profile, structures: structures,
            networks: networks, simulatedDevices: simulated, devices: devices, imports: imports, setup: setup,
            timeline: timeline)
    }

    // MARK: the home

    /// `networks {wifi?: {ssid, credentials}, thread_dataset?}`: what the home's Wi-Fi and Thread networks are, which
    /// the hub gives devices at `network_setup` (`set_wifi_credentials`, `set_thread_dataset`).
    private func decodeNetworks(_ root: inout ScenarioObject) throws(ScenarioError) -> [Scenario.Command] {
        guard let value = root.raw("networks") else { return [] }
        var object = try ScenarioObject(value, at: root.path("networks"), in: document, what: "networks")
        var commands: [Scenario.Command] = []
        if let wifiValue = object.raw("wifi") {
            var wifi = try ScenarioObject(wifiValue, at: object.path("wifi"), in: document, what: "wifi")
            let ssid = try wifi.requiredString("ssid")
            let credentials = try wifi.string("credentials") ?? ""
            if case .failure(let error) = WiFiCredentials.validated(ssid: ssid, credentials: credentials) {
                throw wifi.error(nil, error.reason)
            }
            try wifi.rejectUnknown(in: "wifi")
            commands.append(
                Scenario.Command(
                    command: .setWiFiCredentials,
                    arguments: SetWiFiCredentials(ssid: ssid, credentials: credentials).arguments, device: nil,
                    deviceArgument: nil, structure: nil, position: wifi.position))
        }
        if let dataset = try object.string("thread_dataset") {
            if case .failure(let error) = ThreadDataset.parse(hex: dataset) {
                throw object.error("thread_dataset", "not a Thread dataset: \(error.reason)")
            }
            commands.append(
                Scenario.Command(
                    command: .setThreadDataset, arguments: SetThreadDataset(dataset: dataset).arguments, device: nil,
                    deviceArgument: nil, structure: nil, position: object.position))
        }
        try object.rejectUnknown(in: "networks")
        return commands
    }

    private mutating func decodeStructures(_ root: inout ScenarioObject) throws(ScenarioError) -> [Scenario.Structure] {
        var result: [Scenario.Structure] = []
        for (value, path) in try root.array("structures") {
            var object = try ScenarioObject(value, at: path, in: document, what: "a structure")
            let name = try object.requiredString("name")
            guard structures[name] == nil else { throw object.error("name", "a second structure named \"\(name)\"") }
            var rooms: [String] = []
            for (room, roomPointer) in try object.array("rooms") {
                guard case .string(let roomName) = room else {
                    throw error(roomPointer, "a room is its name, a string, not \(room.typeName)")
                }
                guard !rooms.contains(roomName) else {
                    throw error(roomPointer, "a second room named \"\(roomName)\" in \(name)")
                }
                rooms.append(roomName)
            }
            try object.rejectUnknown(in: "a structure")
            structures[name] = Set(rooms)
            result.append(Scenario.Structure(name: name, rooms: rooms, position: object.position))
        }
        return result
    }

    /// `add_simulated_device` from an entry: template (or `bridge` with its bridged devices, or several endpoints),
    /// name, codes, identity.
    private func simulatedDevice(_ object: inout ScenarioObject) throws(ScenarioError) -> AddSimulatedDevice {
        guard let template = try object.string("template") else { throw object.error(nil, "needs \"template\"") }
        let templates = DeviceTemplateNames.all + [SimulatedLayout.bridgeKey]
        guard templates.contains(template) else {
            throw object.error(
                "template", "unknown template \"\(template)\"; mhub has \(templates.joined(separator: ", "))")
        }
        var request = AddSimulatedDevice(template: template)
        request.endpoints = try object.integer("endpoints", in: 1...SimulatedLayout.maximumEndpoints)
        request.bridgedDevices = try object.integer("bridged_devices", in: 1...SimulatedLayout.maximumBridgedDevices)
        request.bridgedTemplate = try object.string("bridged_template")
        if let bridged = request.bridgedTemplate, !DeviceTemplateNames.all.contains(bridged) {
            throw object.error(
                "bridged_template",
                "unknown template \"\(bridged)\"; mhub has \(DeviceTemplateNames.all.joined(separator: ", "))")
        }
        if let mismatch = SimulatedLayout.mismatch(in: request) {
            let key =
                switch mismatch.argument {
                case .endpoints: "endpoints"
                case .bridgedDevices: "bridged_devices"
                case .bridgedTemplate: "bridged_template"
                }
            throw object.error(key, mismatch.reason)
        }
        request.discriminator = try object.integer("discriminator", in: 0...4095)
        request.passcode = try object.integer("passcode", in: 0...UInt32.max)
        request.vendorID = try object.integer("vendor_id", in: 1...0xFFF4)
        request.productID = try object.integer("product_id", in: 1...0xFFFF)
        request.serialNumber = try object.string("serial_number")
        if let network = try object.string("network") {
            guard DeviceNetwork(rawValue: network) != nil else {
                throw object.error("network", "network must be one of \(DeviceNetwork.names), not \"\(network)\"")
            }
            request.network = network
        }
        request.onNetwork = try object.bool("on_network")
        if let update = object.raw("firmware_update") {
            do {
                _ = try FirmwareOffer(json: update)
            } catch {
                throw object.error("firmware_update", error.details)
            }
            request.firmwareUpdate = update
        }
        return request
    }

    private mutating func declare(_ object: inout ScenarioObject, _ kind: DeviceKind, required: Bool)
        throws(ScenarioError) -> String?
    {
        guard let id = try object.string("id") else {
            if required { throw object.error(nil, "needs an \"id\", the name the rest of the file calls it by") }
            return nil
        }
        guard !id.isEmpty else { throw object.error("id", "an id may not be empty") }
        guard devices[id] == nil else { throw object.error("id", "a second device with the id \"\(id)\"") }
        devices[id] = kind
        return id
    }

    private mutating func decodeSimulatedDevices(_ root: inout ScenarioObject) throws(ScenarioError)
        -> [Scenario.SimulatedDevice]
    {
        var result: [Scenario.SimulatedDevice] = []
        for (value, path) in try root.array("simulated_devices") {
            var object = try ScenarioObject(value, at: path, in: document, what: "a simulated device")
            let id = try declare(&object, .simulated, required: false)
            var request = try simulatedDevice(&object)
            request.name = try object.string("name")
            try object.rejectUnknown(in: "a simulated device")
            result.append(Scenario.SimulatedDevice(id: id, request: request, position: object.position))
        }
        return result
    }

    private mutating func decodeDevices(_ root: inout ScenarioObject) throws(ScenarioError) -> [Scenario.Device] {
        var result: [Scenario.Device] = []
        for (value, path) in try root.array("devices") {
            var object = try ScenarioObject(value, at: path, in: document, what: "a device")
            let id = try declare(&object, .commissioned, required: true)!
            var simulated = try simulatedDevice(&object)
            let name = try object.requiredString("name")
            simulated.name = name
            let (structure, room) = try place(&object)
            var attributes: [Scenario.Attribute] = []
            if let map = object.raw("attributes") {
                let mapObject = try ScenarioObject(
                    map, at: object.path("attributes"), in: document, what: "\"attributes\"")
                for key in mapObject.members.keys.sorted() {
                    let at = mapObject.path(key).pointer
                    guard case .success(let numeric) = ClusterCatalog.numericPath(key, wildcards: false),
                        let path = AttributePath(numeric)
                    else {
                        let problem = ClusterCatalog.numericPath(key, wildcards: false)
                        let reason: String =
                            switch problem {
                            case .failure(let failure): failure.description
                            case .success(let text): "\"\(text)\" is not an attribute path"
                            }
                        throw ScenarioError(position: document.positionOfKey(at), pointer: at, reason: reason)
                    }
                    attributes.append(
                        Scenario.Attribute(
                            path: path, value: mapObject.members[key]!, position: document.position(of: at)))
                }
            }
            try object.rejectUnknown(in: "a device")
            result.append(
                Scenario.Device(
                    id: id, simulated: simulated, name: name, structure: structure, room: room, attributes: attributes,
                    position: object.position))
        }
        return result
    }

    /// `structure` and `room` of an entry, each declared in `structures` (a room without a structure is in the
    /// first structure, or in Home when the file declares none).
    private func place(_ object: inout ScenarioObject) throws(ScenarioError) -> (String?, String?) {
        let structure = try object.string("structure")
        let room = try object.string("room")
        if let structure, structures[structure] == nil {
            throw object.error("structure", "no structure \"\(structure)\" in the scenario's structures")
        }
        if let room {
            let home = structure ?? firstStructure
            guard let home, structures[home]?.contains(room) == true else {
                throw object.error("room", "no room \"\(room)\" in \(home ?? "the scenario's structures")")
            }
        }
        return (structure, room)
    }

    private var firstStructure: String? {
        guard case .array(let list)? = document.value["structures"], case .string(let name)? = list.first?["name"]
        else { return nil }
        return name
    }

    private mutating func decodeImports(_ root: inout ScenarioObject) throws(ScenarioError) -> [Scenario.Import] {
        var result: [Scenario.Import] = []
        for (value, path) in try root.array("imports") {
            var object = try ScenarioObject(value, at: path, in: document, what: "an import")
            let id = try declare(&object, .imported, required: false)
            let dump: String
            switch (object.raw("dump"), try object.string("file")) {
            case (.some(.string(let text)), nil): dump = text
            case (.some(.object(let members)), nil): dump = JSONWriter.compact(.object(members))
            case (nil, .some(let file)):
                guard let text = files[file] else {
                    throw object.error(
                        "file",
                        "\"\(file)\" was not given with the scenario (mhubd --scenario and mhubctl scenario load read "
                            + "the files an import names, relative to the scenario; over the socket pass them in "
                            + "\"files\")")
                }
                dump = text
            case (.some, .some): throw object.error(nil, "an import has a \"dump\" or a \"file\", not both")
            case (nil, nil): throw object.error(nil, "an import needs a \"dump\" (the JSON) or a \"file\"")
            case (.some(let other), nil):
                throw object.error("dump", "\"dump\" must be the diagnostics JSON or its text, not \(other.typeName)")
            }
            let name = try object.string("name")
            let (structure, room) = try place(&object)
            try object.rejectUnknown(in: "an import")
            result.append(
                Scenario.Import(
                    id: id, dump: dump, name: name, structure: structure, room: room, position: object.position))
        }
        return result
    }

    // MARK: commands

    private func error(_ path: JSONPath, _ reason: String) -> ScenarioError {
        ScenarioReading(document: document).error(at: path, reason)
    }

    /// The `device` member: a declared ID of a device of the right kind.
    private func deviceReference(
        _ object: inout ScenarioObject, as argument: Scenario.Command.DeviceArgument, required: Bool
    ) throws(ScenarioError) -> String? {
        guard let id = try object.string("device") else {
            if required { throw object.error(nil, "needs \"device\", the id of a device the scenario declares") }
            return nil
        }
        try check(id, as: argument, at: object.path("device"))
        return id
    }

    private func check(_ id: String, as argument: Scenario.Command.DeviceArgument, at path: JSONPath)
        throws(ScenarioError)
    {
        guard let kind = devices[id] else { throw error(path, "no device with the id \"\(id)\" in the scenario") }
        switch argument {
        case .node where !kind.hasNode:
            throw error(path, "\"\(id)\" is a simulated device not yet commissioned: it has no node")
        case .simulatedDevice where !kind.hasSimulatedDevice:
            throw error(path, "\"\(id)\" is an imported node: no simulated device stands behind it")
        case .node, .simulatedDevice: break
        }
    }

    private func permission(_ value: JSONValue, at path: JSONPath) throws(ScenarioError) -> Scenario.Command {
        var object = try ScenarioObject(value, at: path, in: document, what: "a permission")
        let principal = try object.requiredString("principal")
        let granted = try object.bool("granted") ?? true
        let structure = try object.string("structure")
        if let structure, structures[structure] == nil {
            throw object.error("structure", "no structure \"\(structure)\" in the scenario's structures")
        }
        try object.rejectUnknown(in: "a permission")
        return Scenario.Command(
            command: .setPermission, arguments: SetPermission(principal: principal, granted: granted).arguments,
            device: nil, deviceArgument: nil, structure: structure,
            position: object.position)
    }

    /// `set_fault`'s arguments, with `device` for `simulated_device_id`.
    private func fault(_ object: inout ScenarioObject) throws(ScenarioError) -> Scenario.Command {
        guard let name = try object.choice("fault", in: Self.faultNames) else {
            throw object.error(nil, "needs \"fault\": one of \(Self.faultNames.joined(separator: ", "))")
        }
        let enabled = try object.bool("enabled")
        let needsDevice = [.deviceUnreachable, .deviceUnresponsive, .updateFailure, .applianceError].contains(
            SetFault.FaultName(rawValue: name))
        let device = try deviceReference(&object, as: .simulatedDevice, required: needsDevice)
        let step = try object.string("step")
        let mode = try object.choice("mode", in: ["fail", "timeout"])
        let latency = try object.integer("latency_ms", as: Int64.self, in: 0...600_000)
        let once = try object.bool("once")
        let stage = try object.choice("stage", in: FirmwareUpdateRun.Stage.allCases.map(\.rawValue))
        let errorState = try object.integer("error_state", as: Int64.self, in: 1...255)
        let arguments = SetFault.arguments(
            asGiven: name, enabled: enabled, step: step, mode: mode, once: once, latencyMilliseconds: latency,
            stage: stage, errorState: errorState)
        return Scenario.Command(
            command: .setFault, arguments: arguments, device: device,
            deviceArgument: device == nil ? nil : .simulatedDevice, structure: nil, position: object.position)
    }

    private func behavior(_ object: inout ScenarioObject) throws(ScenarioError) -> Scenario.Command {
        let device = try deviceReference(&object, as: .node, required: true)
        // The node's ID is the device's, put in when the scenario runs (`Hub.run`).
        let arguments = SetBehavior(
            nodeID: 0, behavior: try object.requiredString("behavior"), enabled: try object.bool("enabled") ?? true,
            intervalMilliseconds: try object.integer("interval_ms", as: Int64.self, in: 1...86_400_000)
        ).arguments
        return Scenario.Command(
            command: .setBehavior, arguments: arguments, device: device, deviceArgument: .node, structure: nil,
            position: object.position)
    }

    // MARK: the timeline

    private func decodeTimeline(_ root: inout ScenarioObject) throws(ScenarioError) -> [Scenario.TimelineEntry] {
        var entries: [Scenario.TimelineEntry] = []
        for (value, path) in try root.array("timeline") {
            var object = try ScenarioObject(value, at: path, in: document, what: "a timeline step")
            let at = try time(&object)
            if let previous = entries.last, at < previous.at {
                throw object.error(
                    "at",
                    "time out of order: \(DurationText.text(at)) comes after \(DurationText.text(previous.at)); "
                        + "the timeline runs top to bottom")
            }
            let actions = ScenarioTimelineAction.allCases.filter { object.members[$0.rawValue] != nil }
            guard actions.count == 1, let action = actions.first else {
                throw object.error(
                    nil,
                    actions.isEmpty
                        ? "a timeline step needs one action: \(ScenarioTimelineAction.allCases.map(\.rawValue).joined(separator: ", "))"
                        : "a timeline step has one action, not \(actions.map(\.rawValue).joined(separator: " and "))")
            }
            let command = try timelineCommand(action, &object)
            try object.rejectUnknown(in: "a timeline step")
            entries.append(Scenario.TimelineEntry(at: at, action: action.rawValue, command: command))
        }
        return entries
    }

    private func time(_ object: inout ScenarioObject) throws(ScenarioError) -> Int64 {
        switch object.raw("at") {
        case .integer(let milliseconds)? where milliseconds >= 0: return milliseconds
        case .string(let text)?:
            guard let milliseconds = DurationText.milliseconds(text) else {
                throw object.error("at", "\"\(text)\" is not a duration (250ms, 30s, 1m30s, 2h)")
            }
            return milliseconds
        case let other?:
            throw object.error("at", "\"at\" is a duration (\"30s\") or milliseconds, not \(JSONWriter.compact(other))")
        case nil: throw object.error(nil, "a timeline step needs \"at\": when, after the scenario loads")
        }
    }

    private func timelineCommand(_ action: ScenarioTimelineAction, _ step: inout ScenarioObject) throws(ScenarioError)
        -> Scenario.Command
    {
        let name = action.rawValue
        let value = step.raw(name)!
        let at = step.path(name)
        var command: Scenario.Command
        var object: ScenarioObject
        switch action {
        case .unreachable, .reachable:
            // The actions that name one device only.
            guard case .string(let id) = value else {
                throw error(at, "\"\(name)\" is the id of a device, not \(value.typeName)")
            }
            try check(id, as: .simulatedDevice, at: at)
            return Scenario.Command(
                command: .setFault,
                arguments: SetFault.arguments(
                    asGiven: SetFault.FaultName.deviceUnreachable.rawValue, enabled: action == .unreachable),
                device: id,
                deviceArgument: .simulatedDevice, structure: nil, position: step.position)
        case .setAttribute, .pressButton, .deviceCommand, .setFault, .clearFaults, .failNextCommissioning, .setBehavior:
            object = try ScenarioObject(value, at: at, in: document, what: "\"\(name)\"")
        }
        switch action {
        case .unreachable, .reachable:
            preconditionFailure("answered above")
        case .setAttribute:
            let device = try deviceReference(&object, as: .node, required: true)
            let text = try object.requiredString("attribute_path")
            guard case .success(let numeric) = ClusterCatalog.numericPath(text, wildcards: false) else {
                if case .failure(let problem) = ClusterCatalog.numericPath(text, wildcards: false) {
                    throw object.error("attribute_path", problem.description)
                }
                throw object.error("attribute_path", "not an attribute path")
            }
            guard let newValue = object.raw("value") else { throw object.error(nil, "needs \"value\"") }
            // The node's ID is the device's, put in when the scenario runs.
            command = Scenario.Command(
                command: .setAttribute,
                arguments: SetAttribute(nodeID: 0, attributePath: numeric, value: newValue).arguments,
                device: device, deviceArgument: .node, structure: nil, position: step.position)
        case .pressButton:
            let device = try deviceReference(&object, as: .node, required: true)
            // Checked now as the hub checks press_button's arguments; the node's ID is put in when the step runs.
            let press = try ButtonPress(reading: &object)
            command = Scenario.Command(
                command: .pressButton, arguments: PressButton(nodeID: 0, press: press).arguments, device: device,
                deviceArgument: .node, structure: nil, position: step.position)
        case .deviceCommand:
            let device = try deviceReference(&object, as: .node, required: true)
            guard let endpoint = try object.integer("endpoint_id", as: UInt16.self, in: 0...0xFFFF) else {
                throw object.error(nil, "needs \"endpoint_id\"")
            }
            let cluster: UInt32
            switch object.raw("cluster_id") {
            case .integer(let number)?:
                guard let id = UInt32(exactly: number) else {
                    throw object.error("cluster_id", "a cluster ID is from 0 to 4294967295, not \(number)")
                }
                cluster = id
            case .string(let name)?:
                guard let id = ClusterCatalog.clusterID(name) else {
                    throw object.error("cluster_id", "no cluster named \(name)")
                }
                cluster = id
            default: throw object.error(nil, "needs \"cluster_id\", a number or a cluster's name")
            }
            // The node's ID is the device's, put in when the scenario runs.
            let arguments = DeviceCommand(
                nodeID: 0, endpointID: endpoint, clusterID: cluster,
                commandName: try object.requiredString("command_name"), payload: object.raw("payload")
            ).arguments
            command = Scenario.Command(
                command: .deviceCommand, arguments: arguments, device: device, deviceArgument: .node,
                structure: nil, position: step.position)
        case .setFault:
            command = try fault(&object)
        case .clearFaults:
            command = Scenario.Command(
                command: .clearFaults, arguments: [:], device: nil, deviceArgument: nil, structure: nil,
                position: step.position)
        case .failNextCommissioning:
            let arguments = SetFault.arguments(
                asGiven: SetFault.FaultName.stepFailure.rawValue, enabled: nil,
                step: try object.requiredString("step"), mode: try object.choice("mode", in: ["fail", "timeout"]),
                once: true)
            command = Scenario.Command(
                command: .setFault, arguments: arguments, device: nil, deviceArgument: nil, structure: nil,
                position: step.position)
        case .setBehavior:
            command = try behavior(&object)
        }
        try object.rejectUnknown(in: "\"\(name)\"")
        command.position = step.position
        return command
    }
}
