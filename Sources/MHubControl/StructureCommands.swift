import MHubClient
import MHubCommandLine
import MHubJSON
import MHubProtocol

/// `mhubctl structures list|add|rename|remove|move`: the hub's structures (homes) and moving devices between them.
enum StructureCommands {
    static let connection = HubConnectionOptions.options

    static let spec = CommandSpec(
        "structures", summary: "list and change structures (homes)",
        subcommands: [
            CommandSpec("list", summary: "list the structures", options: connection),
            CommandSpec(
                "add", summary: "create a structure", options: connection,
                operands: [OperandSpec("NAME", help: "its name")]),
            CommandSpec(
                "rename", summary: "rename a structure", options: connection,
                operands: [OperandSpec("ID", help: "structure ID"), OperandSpec("NAME", help: "the new name")]),
            CommandSpec(
                "remove", summary: "delete a structure (refused while it holds devices, unless they move)",
                options: connection + [
                    OptionSpec("move-devices-to", value: "ID", help: "move its devices to this structure first")
                ],
                operands: [OperandSpec("ID", help: "structure ID")]),
            CommandSpec(
                "move", summary: "move a device to another structure",
                options: connection + [OptionSpec("room", value: "ROOM", help: "the room there (by name)")],
                operands: [OperandSpec("NODE", help: "node ID"), OperandSpec("STRUCTURE", help: "structure ID")]),
        ], defaultSubcommand: "list")

    static func run(_ command: ParsedCommand, console: any Console) throws -> Int32? {
        guard command.path.first == "structures" else { return nil }
        let hub = try HubConnectionOptions.connect(command, environment: console.environment)
        let json = command.flag("json")
        let t = HubCommands.text
        func integerOperand(_ name: String) throws -> Int64 {
            let text = command.operands[name] ?? ""
            guard let value = Int64(text) else {
                throw UsageError("\(name) must be a whole number, not \"\(text)\"", commandPath: command.path)
            }
            return value
        }
        let result: any JSONWritable
        let line: String
        switch command.path {
        case ["structures", "list"]:
            let structures = try HubCommands.send(hub, GetStructures())
            var table = TextTable("ID", "STRUCTURE")
            for structure in structures { table.add(String(structure.id), structure.name) }
            (result, line) = (structures, table.rendered)
        case ["structures", "add"]:
            let structure = try HubCommands.send(hub, CreateStructure(name: command.operands["NAME"] ?? ""))
            (result, line) = (structure, "structure \(structure.id) \(structure.name)\n")
        case ["structures", "rename"]:
            let structure = try HubCommands.send(
                hub, RenameStructure(structureID: try integerOperand("ID"), name: command.operands["NAME"] ?? ""))
            (result, line) = (structure, "structure \(structure.id) \(structure.name)\n")
        case ["structures", "remove"]:
            let deleted = try HubCommands.send(
                hub,
                DeleteStructure(
                    structureID: try integerOperand("ID"),
                    moveDevicesTo: try command.integer("move-devices-to", as: Int64.self)))
            let moved = (deleted.movedNodeIDs ?? []).map(String.init)
            line =
                "deleted structure \(deleted.structureID)"
                + (moved.isEmpty ? "" : "; moved node \(moved.joined(separator: ", "))") + "\n"
            result = deleted
        case ["structures", "move"]:
            let device = try HubCommands.send(
                hub,
                MoveDevice(
                    nodeID: UInt64(bitPattern: try integerOperand("NODE")),
                    structureID: try integerOperand("STRUCTURE"),
                    room: command.value("room")))
            line = "node \(device.nodeID) is in structure \(device.structureID), room \(device.room ?? "-")\n"
            result = device
        default:
            return nil
        }
        if json { return HubCommands.print(result, console) }
        console.write(line)
        return 0
    }
}
