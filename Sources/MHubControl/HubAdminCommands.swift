import Foundation
import MHubClient
import MHubCommandLine
import MHubJSON
import MHubProtocol
import MHubQRCode

/// `mhubctl rooms|devices|sim|fault|permission|reset|watch|call`.
enum HubAdminCommands {
    static func run(_ command: ParsedCommand, console: any Console) throws -> Int32? {
        let json = command.flag("json")
        let hub = try HubConnectionOptions.connect(command, environment: console.environment)
        func call(_ name: HubCommand, _ args: [String: JSONValue] = [:]) throws -> JSONValue {
            try HubCommands.call(hub, name, args)
        }
        func structureArgs() throws -> [String: JSONValue] {
            guard let id = try command.integer("structure", as: Int64.self) else { return [:] }
            return ["structure_id": .integer(id)]
        }
        func integerOperand(_ name: String) throws -> Int64 {
            let text = command.operands[name] ?? ""
            guard let value = Int64(text) else {
                throw UsageError("\(name) must be a whole number, not \"\(text)\"", commandPath: command.path)
            }
            return value
        }
        let t = HubCommands.text
        switch command.path {
        case ["rooms", "list"]:
            let rooms = try HubCommands.send(
                hub, GetRooms(structureID: try command.integer("structure", as: Int64.self)))
            if json { return HubCommands.print(rooms, console) }
            var table = TextTable("ID", "ROOM")
            for room in rooms { table.add(String(room.id), room.name) }
            console.write(table.rendered)
        case ["rooms", "add"]:
            let room = try HubCommands.send(
                hub,
                CreateRoom(
                    name: command.operands["NAME"] ?? "", structureID: try command.integer("structure", as: Int64.self))
            )
            if json { return HubCommands.print(room, console) }
            console.write("room \(room.id) \(room.name)\n")
        case ["rooms", "rename"]:
            let room = try HubCommands.send(
                hub, RenameRoom(roomID: try integerOperand("ID"), name: command.operands["NAME"] ?? ""))
            if json { return HubCommands.print(room, console) }
            console.write("room \(room.id) \(room.name)\n")
        case ["rooms", "remove"]:
            let deleted = try HubCommands.send(hub, DeleteRoom(roomID: try integerOperand("ID")))
            if json { return HubCommands.print(deleted, console) }
            console.write("deleted room \(deleted.roomID)\n")
        case ["devices", "list"]:
            let devices = try HubCommands.send(hub, GetDevices())
            if json { return HubCommands.print(devices, console) }
            var table = TextTable("NODE", "NAME", "ROOM", "TEMPLATE", "DEVICE IDS", "COMMISSIONED")
            for device in devices {
                table.add(
                    String(device.nodeID), device.name, device.room ?? "-", device.template,
                    device.deviceIDs.isEmpty ? "" : device.deviceIDs.joined(separator: " "), device.dateCommissioned)
            }
            console.write(table.rendered)
        case ["devices", "rename"]:
            let device = try HubCommands.send(
                hub,
                UpdateDevice(
                    nodeID: UInt64(bitPattern: try integerOperand("NODE")), name: command.operands["NAME"] ?? ""))
            if json { return HubCommands.print(device, console) }
            console.write("node \(device.nodeID) is now \(device.name)\n")
        case ["devices", "move"]:
            let room = command.operands["ROOM"] ?? "-"
            let device = try HubCommands.send(
                hub,
                UpdateDevice(
                    nodeID: UInt64(bitPattern: try integerOperand("NODE")), room: room == "-" ? nil : room,
                    noRoom: room == "-"))
            if json { return HubCommands.print(device, console) }
            console.write("node \(device.nodeID) is in \(device.room ?? "-")\n")
        case ["devices", "remove"]:
            _ = try call(.removeNode, ["node_id": .integer(try integerOperand("NODE"))])
            if json { return HubCommands.print(["removed": true], console) }
            console.write("removed node \(command.operands["NODE"] ?? "")\n")
        case ["sim", "add"]:
            var args: [String: JSONValue] = ["template": .string(command.operands["TEMPLATE"] ?? "")]
            if let name = command.value("name") { args["name"] = .string(name) }
            if let value = try command.integer("discriminator", as: Int64.self) {
                args["discriminator"] = .integer(value)
            }
            if let value = try command.integer("passcode", as: Int64.self) { args["passcode"] = .integer(value) }
            if let value = try command.integer("vendor", as: Int64.self) { args["vendor_id"] = .integer(value) }
            if let value = try command.integer("product", as: Int64.self) { args["product_id"] = .integer(value) }
            if let serial = command.value("serial") { args["serial_number"] = .string(serial) }
            if let value = try command.integer("endpoints", as: Int64.self) { args["endpoints"] = .integer(value) }
            if let value = try command.integer("bridged", as: Int64.self) { args["bridged_devices"] = .integer(value) }
            if let template = command.value("bridged-template") { args["bridged_template"] = .string(template) }
            if let network = command.value("network") { args["network"] = .string(network) }
            let device = try call(.addSimulatedDevice, args)
            if json { return HubCommands.print(device, console) }
            var text =
                "simulated device \(t(device["simulated_device_id"])): \(t(device["name"])) (\(t(device["template"])))\n"
            text += "QR code        \(t(device["qr_code"]))\nManual code    \(t(device["manual_code_grouped"]))\n"
            text += "Discriminator  \(t(device["discriminator"]))\nPasscode       \(t(device["passcode"]))\n"
            if !command.flag("no-qr"), case .string(let qr)? = device["qr_code"], let matrix = QRCodeMatrix.encode(qr) {
                text += "\n" + QRCodeTerminalRenderer.render(matrix, ansiColors: console.outputIsTerminal)
            }
            console.write(text)
        case ["sim", "list"]:
            let devices = try call(.getSimulatedDevices)
            if json { return HubCommands.print(devices, console) }
            var table = TextTable("ID", "NAME", "TEMPLATE", "NETWORK", "DISCR", "MANUAL CODE", "STATE")
            for device in devices.arrayValue {
                let state = device["commissionable"] == true ? "commissionable" : "node \(t(device["node_id"]))"
                table.add(
                    t(device["simulated_device_id"]), t(device["name"]), t(device["template"]), t(device["network"]),
                    t(device["discriminator"]), t(device["manual_code_grouped"]), state)
            }
            console.write(table.rendered)
        case ["sim", "remove"]:
            _ = try call(.removeSimulatedDevice, ["simulated_device_id": .integer(try integerOperand("ID"))])
            if json { return HubCommands.print(["removed": true], console) }
            console.write("removed simulated device \(command.operands["ID"] ?? "")\n")
        case ["sim", "templates"]:
            let templates = try call(.getTemplates)
            if json { return HubCommands.print(templates, console) }
            var table = TextTable("TEMPLATE", "TITLE", "DEVICE TYPE")
            for template in templates.arrayValue {
                let type =
                    template["device_type"].flatMap {
                        if case .integer(let id) = $0 { "0x" + String(id, radix: 16, uppercase: true) } else { nil }
                    } ?? "-"
                table.add(t(template["key"]), t(template["title"]), type)
            }
            console.write(table.rendered)
        case ["fault", "list"]:
            let faults = try call(.getFaults)
            if json { return HubCommands.print(faults, console) }
            console.write(describeFaults(faults))
        case ["fault", "set"]:
            var args: [String: JSONValue] = [
                "fault": .string(command.operands["FAULT"] ?? ""), "enabled": .bool(!command.flag("off")),
            ]
            if let device = try command.integer("device", as: Int64.self) {
                args["simulated_device_id"] = .integer(device)
            }
            if let step = command.value("step") { args["step"] = .string(step) }
            if let mode = command.value("mode") { args["mode"] = .string(mode) }
            if let latency = try command.integer("latency", as: Int64.self) { args["latency_ms"] = .integer(latency) }
            if let delay = try command.integer("delay", as: Int64.self) { args["delay_ms"] = .integer(delay) }
            if let status = command.value("status") { args["status"] = .string(status) }
            if let stage = command.value("stage") { args["stage"] = .string(stage) }
            let faults = try call(.setFault, args)
            if json { return HubCommands.print(faults, console) }
            console.write(describeFaults(faults))
        case ["fault", "clear"]:
            let faults = try call(.clearFaults)
            if json { return HubCommands.print(faults, console) }
            console.write(describeFaults(faults))
        case ["permission", "list"]:
            let revoked = try call(.getPermissions)
            if json { return HubCommands.print(revoked, console) }
            guard !revoked.arrayValue.isEmpty else {
                console.write("no permission is revoked: every principal may use every structure\n")
                return 0
            }
            var table = TextTable("PRINCIPAL", "STRUCTURE", "PERMISSION")
            for entry in revoked.arrayValue {
                table.add(t(entry["principal"]), t(entry["structure_id"]), "revoked")
            }
            console.write(table.rendered)
        case ["permission", "revoke"], ["permission", "grant"]:
            var args = try structureArgs()
            args["principal"] = .string(command.operands["PRINCIPAL"] ?? "")
            args["granted"] = .bool(command.path[1] == "grant")
            let result = try call(.setPermission, args)
            if json { return HubCommands.print(result, console) }
            let verb = result["granted"] == true ? "granted" : "revoked"
            console.write("\(t(result["principal"])): permission on structure \(t(result["structure_id"])) \(verb)\n")
        case ["reset"]:
            _ = try call(.reset)
            if json { return HubCommands.print(["reset": true], console) }
            console.write("the hub is back to its configured initial state\n")
        case ["watch"]:
            return try watch(hub, command, console)
        case ["call"]:
            var args: [String: JSONValue] = [:]
            if let text = command.operands["ARGS"] {
                guard case .object(let members)? = try? JSONParser().parse(text) else {
                    throw UsageError("ARGS must be a JSON object", commandPath: command.path)
                }
                args = members
            }
            return HubCommands.print(try HubCommands.call(hub, named: command.operands["COMMAND"] ?? "", args), console)
        default:
            return nil
        }
        return 0
    }

    /// The faults in effect, one per line.
    static func describeFaults(_ faults: JSONValue) -> String {
        let t = HubCommands.text
        func list(_ value: JSONValue?) -> String {
            let items = value?.arrayValue.map { t($0) } ?? []
            return items.isEmpty ? "off" : "devices " + items.joined(separator: ", ")
        }
        func pairs(_ value: JSONValue?, _ unit: String) -> [String] {
            guard case .object(let members)? = value else { return [] }
            return members.keys.sorted().map { "\($0): \(t(members[$0]))\(unit)" }
        }
        let steps = pairs(faults["failing_steps"], "")
        var latency = faults["latency_ms"] == 0 ? [] : ["every device: \(t(faults["latency_ms"])) ms"]
        latency += pairs(faults["device_latency_ms"], " ms").map { "device " + $0 }
        var table = TextTable("FAULT", "STATE")
        table.add("hub_offline", faults["hub_offline"] == true ? "on" : "off")
        table.add("device_unreachable", list(faults["unreachable_devices"]))
        table.add("device_unresponsive", list(faults["unresponsive_devices"]))
        table.add("step_failure", steps.isEmpty ? "off" : steps.joined(separator: ", "))
        table.add("slow_device", latency.isEmpty ? "off" : latency.joined(separator: ", "))
        var writes: [String] = []
        if case .object(let members)? = faults["failing_writes"] {
            writes = members.keys.sorted().map {
                "device \($0): \(t(members[$0]?["status"])) after \(t(members[$0]?["delay_ms"])) ms"
            }
        }
        table.add("write_failure", writes.isEmpty ? "off" : writes.joined(separator: ", "))
        table.add("slow_sync", faults["sync_latency_ms"] == 0 ? "off" : "\(t(faults["sync_latency_ms"])) ms")
        var updates: [String] = []
        if case .object(let members)? = faults["failing_updates"] {
            updates = members.keys.sorted().map { "device \($0): fails while \(t(members[$0]))" }
        }
        table.add("update_failure", updates.isEmpty ? "off" : updates.joined(separator: ", "))
        return table.rendered
    }

    private static func watch(_ hub: MHubConnection, _ command: ParsedCommand, _ console: any Console) throws -> Int32 {
        let wanted = Set(command.allValues("event"))
        let nodes = Set(
            try command.allValues("node").map { text throws(UsageError) in
                guard let id = Int64(text) else {
                    throw UsageError("--node takes a node ID", commandPath: command.path)
                }
                return id
            })
        let limit = try command.integer("count", as: Int.self)
        let done = DispatchSemaphore(value: 0)
        let counter = CountingBox(limit: limit)
        let json = command.flag("json")
        hub.setEventHandler { event in
            guard wanted.isEmpty || wanted.contains(event.name) else { return }
            guard nodes.isEmpty || eventNode(event).map({ nodes.contains($0) }) == true else { return }
            if json {
                console.write(JSONWriter.compact(["event": .string(event.name), "data": event.data]) + "\n")
            } else {
                console.write("\(event.name) \(JSONWriter.compact(event.data))\n")
            }
            if counter.increment() {
                done.signal()
            }
        }
        _ = try HubCommands.call(hub, .startListening, ["events": "all"])
        if !json { console.write("watching events (Ctrl-C to stop)\n") }
        Thread.detachNewThread {
            hub.waitUntilClosed()
            done.signal()
        }
        done.wait()
        hub.setEventHandler(nil)
        return 0
    }
}

/// The node an event is about, if any: `attribute_updated` carries it first in its list, node events
/// and devices in `node_id`.
private func eventNode(_ event: MHubEvent) -> Int64? {
    if case .array(let values) = event.data, case .integer(let id)? = values.first { return id }
    if case .integer(let id)? = event.data["node_id"] { return id }
    if case .integer(let id) = event.data { return id }
    return nil
}

/// Counts delivered events across the reader thread; says when the limit is reached.
private final class CountingBox: @unchecked Sendable {
    // @unchecked: `count` is touched only by the connection's reader thread.
    private var count = 0
    private let limit: Int?

    init(limit: Int?) {
        self.limit = limit
    }

    func increment() -> Bool {
        count += 1
        return limit.map { count >= $0 } ?? false
    }
}

extension JSONValue {
    var arrayValue: [JSONValue] {
        if case .array(let values) = self { return values }
        return []
    }
}
