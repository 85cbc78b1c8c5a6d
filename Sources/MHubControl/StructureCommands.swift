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
        let result: JSONValue
        let line: String
        switch command.path {
        case ["structures", "list"]:
            result = try HubCommands.call(hub, .getStructures)
            var table = TextTable("ID", "STRUCTURE")
            for structure in result.arrayValue { table.add(t(structure["structure_id"]), t(structure["name"])) }
            line = table.rendered
        case ["structures", "add"]:
            result = try HubCommands.call(hub, .createStructure, ["name": .string(command.operands["NAME"] ?? "")])
            line = "structure \(t(result["structure_id"])) \(t(result["name"]))\n"
        case ["structures", "rename"]:
            result = try HubCommands.call(
                hub, .renameStructure,
                ["structure_id": .integer(try integerOperand("ID")), "name": .string(command.operands["NAME"] ?? "")])
            line = "structure \(t(result["structure_id"])) \(t(result["name"]))\n"
        case ["structures", "remove"]:
            var args: [String: JSONValue] = ["structure_id": .integer(try integerOperand("ID"))]
            if let target = try command.integer("move-devices-to", as: Int64.self) {
                args["move_devices_to"] = .integer(target)
            }
            result = try HubCommands.call(hub, .deleteStructure, args)
            let moved = result["moved_node_ids"]?.arrayValue.map { t($0) } ?? []
            line =
                "deleted structure \(t(result["structure_id"]))"
                + (moved.isEmpty ? "" : "; moved node \(moved.joined(separator: ", "))") + "\n"
        case ["structures", "move"]:
            var args: [String: JSONValue] = [
                "node_id": .integer(try integerOperand("NODE")),
                "structure_id": .integer(try integerOperand("STRUCTURE")),
            ]
            if let room = command.value("room") { args["room"] = .string(room) }
            result = try HubCommands.call(hub, .moveDevice, args)
            line =
                "node \(t(result["node_id"])) is in structure \(t(result["structure_id"])), room \(t(result["room"]))\n"
        default:
            return nil
        }
        if json { return HubCommands.print(result, console) }
        console.write(line)
        return 0
    }
}
