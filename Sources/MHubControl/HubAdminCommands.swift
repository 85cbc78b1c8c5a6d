import Foundation
import MHubClient
import MHubCommandLine
import MHubJSON
import MHubProtocol

/// `mhubctl rooms|devices|fault|permission|reset|watch|call` (`sim`: `SimulatedDeviceCommands`).
enum HubAdminCommands {
    static func run(_ command: ParsedCommand, console: any Console) throws -> Int32? {
        let json = command.flag("json")
        let hub = try HubConnectionOptions.connect(command, environment: console.environment)
        func call(_ name: HubCommand, _ args: [String: JSONValue] = [:]) throws -> JSONValue {
            try HubCommands.call(hub, name, args)
        }
        func integerOperand(_ name: String) throws -> Int64 {
            let text = command.operands[name] ?? ""
            guard let value = Int64(text) else {
                throw UsageError("\(name) must be a whole number, not \"\(text)\"", commandPath: command.path)
            }
            return value
        }
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
            _ = try HubCommands.send(hub, RemoveNode(nodeID: UInt64(bitPattern: try integerOperand("NODE"))))
            if json { return HubCommands.print(["removed": true], console) }
            console.write("removed node \(command.operands["NODE"] ?? "")\n")
        case ["fault", "list"]:
            let faults = try HubCommands.send(hub, GetFaults())
            if json { return HubCommands.print(faults, console) }
            console.write(describeFaults(faults))
        case ["fault", "set"]:
            let args = SetFault.arguments(
                asGiven: command.operands["FAULT"] ?? "", enabled: !command.flag("off"),
                simulatedDeviceID: try command.integer("device", as: Int64.self), step: command.value("step"),
                mode: command.value("mode"), latencyMilliseconds: try command.integer("latency", as: Int64.self),
                delayMilliseconds: try command.integer("delay", as: Int64.self), status: command.value("status"),
                stage: command.value("stage"), errorState: try command.integer("error", as: Int64.self))
            // The options go as the user gave them, so the hub judges each (an unknown fault, a bad step).
            let faults = try HubCommands.reply(FaultsStatus.self, try call(.setFault, args))
            if json { return HubCommands.print(faults, console) }
            console.write(describeFaults(faults))
        case ["fault", "clear"]:
            let faults = try HubCommands.send(hub, ClearFaults())
            if json { return HubCommands.print(faults, console) }
            console.write(describeFaults(faults))
        case ["permission", "list"]:
            let revoked = try HubCommands.send(hub, GetPermissions())
            if json { return HubCommands.print(revoked, console) }
            guard !revoked.isEmpty else {
                console.write("no permission is revoked: every principal may use every structure\n")
                return 0
            }
            var table = TextTable("PRINCIPAL", "STRUCTURE", "PERMISSION")
            for entry in revoked {
                table.add(entry.principal, String(entry.structureID), "revoked")
            }
            console.write(table.rendered)
        case ["permission", "revoke"], ["permission", "grant"]:
            let result = try HubCommands.send(
                hub,
                SetPermission(
                    principal: command.operands["PRINCIPAL"] ?? "",
                    structureID: try command.integer("structure", as: Int64.self), granted: command.path[1] == "grant"))
            if json { return HubCommands.print(result, console) }
            let verb = result.granted ? "granted" : "revoked"
            console.write("\(result.principal): permission on structure \(result.structureID) \(verb)\n")
        case ["reset"]:
            let result = try HubCommands.send(hub, ResetHub())
            if json { return HubCommands.print(result, console) }
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
    static func describeFaults(_ faults: FaultsStatus) -> String {
        func list(_ ids: [Int64]) -> String {
            ids.isEmpty ? "off" : "devices " + ids.map(String.init).joined(separator: ", ")
        }
        func pairs<Value>(_ members: [String: Value], _ unit: String) -> [String] {
            members.keys.sorted().map { "\($0): \(members[$0].map { "\($0)" } ?? "-")\(unit)" }
        }
        let steps = pairs(faults.failingSteps, "")
        var latency = faults.latencyMilliseconds == 0 ? [] : ["every device: \(faults.latencyMilliseconds) ms"]
        latency += pairs(faults.deviceLatencyMilliseconds, " ms").map { "device " + $0 }
        var table = TextTable("FAULT", "STATE")
        table.add(SetFault.FaultName.hubOffline.rawValue, faults.hubOffline ? "on" : "off")
        table.add(SetFault.FaultName.deviceUnreachable.rawValue, list(faults.unreachableDevices))
        table.add(SetFault.FaultName.deviceUnresponsive.rawValue, list(faults.unresponsiveDevices))
        table.add(SetFault.FaultName.stepFailure.rawValue, steps.isEmpty ? "off" : steps.joined(separator: ", "))
        table.add(SetFault.FaultName.slowDevice.rawValue, latency.isEmpty ? "off" : latency.joined(separator: ", "))
        let writes = faults.failingWrites.keys.sorted().compactMap { id in
            faults.failingWrites[id].map { "device \(id): \($0.status) after \($0.delayMilliseconds) ms" }
        }
        table.add(SetFault.FaultName.writeFailure.rawValue, writes.isEmpty ? "off" : writes.joined(separator: ", "))
        table.add(
            SetFault.FaultName.slowSync.rawValue,
            faults.syncLatencyMilliseconds == 0 ? "off" : "\(faults.syncLatencyMilliseconds) ms")
        let updates = faults.failingUpdates.keys.sorted().map {
            "device \($0): fails while \(faults.failingUpdates[$0] ?? "-")"
        }
        table.add(SetFault.FaultName.updateFailure.rawValue, updates.isEmpty ? "off" : updates.joined(separator: ", "))
        let errors = faults.applianceErrors.keys.sorted().map {
            "device \($0): error 0x\(String(faults.applianceErrors[$0] ?? 0, radix: 16, uppercase: true))"
        }
        table.add(SetFault.FaultName.applianceError.rawValue, errors.isEmpty ? "off" : errors.joined(separator: ", "))
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
            guard nodes.isEmpty || nodeOfEvent(event.data).map({ nodes.contains(Int64(bitPattern: $0)) }) == true else {
                return
            }
            if json {
                console.write(JSONWriter.compact(["event": .string(event.name), "data": event.data]) + "\n")
            } else {
                console.write("\(event.name) \(JSONWriter.compact(event.data))\n")
            }
            if counter.increment() {
                done.signal()
            }
        }
        _ = try HubCommands.call(hub, .startListening, StartListening(events: .all).arguments)
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
