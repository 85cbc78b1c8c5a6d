import Foundation
import MHubClient
import MHubCommandLine
import MHubJSON
import MHubProtocol
import MatterDataModel

/// `mhubctl device show|read|write|invoke|set|press|behavior`: one commissioned device, attribute by attribute.
///
/// Paths are `endpoint/cluster/attribute` with numbers or names (`1/6/0` or `1/OnOff/onOff`); clusters
/// and commands may be named as the Matter specification names them.
enum DeviceCommands {
    static let connection = HubConnectionOptions.options

    static let spec = CommandSpec(
        "device", summary: "read, write and command one device; change it as if by hand",
        subcommands: [
            CommandSpec(
                "show", summary: "endpoints, clusters and attributes with names and values", options: connection,
                operands: [OperandSpec("NODE", help: "node ID")]),
            CommandSpec(
                "read", summary: "read attributes (paths may use * and names)", options: connection,
                operands: [OperandSpec("NODE", help: "node ID"), OperandSpec("PATH", help: "e.g. 1/6/0 or 1/OnOff/*")]),
            CommandSpec(
                "write", summary: "write an attribute over Matter (checked like a real device)", options: connection,
                operands: [
                    OperandSpec("NODE", help: "node ID"), OperandSpec("PATH", help: "e.g. 1/8/17"),
                    OperandSpec("VALUE", help: "JSON: true, 42, \"text\", null"),
                ]),
            CommandSpec(
                "invoke", summary: "invoke a cluster command", options: connection,
                operands: [
                    OperandSpec("NODE", help: "node ID"), OperandSpec("ENDPOINT", help: "endpoint"),
                    OperandSpec("CLUSTER", help: "cluster ID or name (OnOff, LevelControl, …)"),
                    OperandSpec("COMMAND", help: "command name (Toggle, MoveToLevel, …)"),
                    OperandSpec("PAYLOAD", optional: true, help: "JSON object of fields by name"),
                ]),
            CommandSpec(
                "set", summary: "change an attribute; with --as-physical as if someone used the device",
                options: connection + [OptionSpec("as-physical", help: "act on the device itself, not over Matter")],
                operands: [
                    OperandSpec("NODE", help: "node ID"), OperandSpec("PATH", help: "e.g. 1/6/0"),
                    OperandSpec("VALUE", help: "JSON value"),
                ]),
            CommandSpec(
                "press", summary: "press a generic switch's button as a person would: short presses, or held",
                details: """
                    Presses a momentary Switch: --presses N short presses one after another (1-10), or with
                    --long one press held for --hold MS (1001-60000, default 1500). The Switch events follow as
                    node events (mhubctl watch): MultiPressComplete 500 ms after the last release, a long press's
                    LongPress after 1 s held, on the hub's clock ('clock advance' on a virtual one).
                    """,
                options: connection + [
                    OptionSpec(
                        "endpoint", value: "E", help: "the Switch's endpoint (default: the first momentary one)"),
                    OptionSpec("presses", value: "N", help: "short presses one after another, 1–10 (default 1)"),
                    OptionSpec("long", help: "one press held, a long press"),
                    OptionSpec("hold", value: "MS", help: "how long --long holds it, 1001–60000 ms (default 1500)"),
                ],
                operands: [OperandSpec("NODE", help: "node ID")]),
            CommandSpec(
                "behavior", summary: "let a device act by itself: temperature_drift, contact_toggle, occupancy_toggle",
                options: connection + [
                    OptionSpec("off", help: "stop it"),
                    OptionSpec("interval", value: "MS", help: "milliseconds between acts"),
                ],
                operands: [OperandSpec("NODE", help: "node ID"), OperandSpec("BEHAVIOR", help: "the behaviour")]),
        ] + FirmwareCommands.specs)

    static func run(_ command: ParsedCommand, console: any Console) throws -> Int32? {
        guard command.path.first == "device" else { return nil }
        let hub = try HubConnectionOptions.connect(command, environment: console.environment)
        let json = command.flag("json")
        let node = try nodeID(command)
        switch command.path {
        case ["device", "show"]:
            let data = try HubCommands.send(hub, GetNode(nodeID: UInt64(bitPattern: node)))
            if json { return HubCommands.print(data, console) }
            console.write(render(data))
        case ["device", "read"]:
            let path = try resolve(command.operands["PATH"] ?? "", wildcards: true, command)
            let values = try HubCommands.send(
                hub, ReadAttribute(nodeID: UInt64(bitPattern: node), attributePaths: [path]))
            if command.flag("json") { return HubCommands.print(values, console) }
            guard case .object(let members) = values else { return HubCommands.print(values, console) }
            for path in members.keys.sorted() {
                console.write("\(path) = \(JSONWriter.compact(members[path] ?? .null))\n")
            }
        case ["device", "write"], ["device", "set"]:
            let path = try resolve(command.operands["PATH"] ?? "", wildcards: false, command)
            let value = try jsonValue(command.operands["VALUE"] ?? "", command)
            let physical = command.flag("as-physical")
            let nodeID = UInt64(bitPattern: node)
            let result =
                physical
                ? try HubCommands.send(hub, SetAttribute(nodeID: nodeID, attributePath: path, value: value))
                : try HubCommands.send(hub, WriteAttribute(nodeID: nodeID, attributePath: path, value: value))
            if json { return HubCommands.print(result, console) }
            console.write("\(path) = \(JSONWriter.compact(value))\(physical ? " (physically)" : "")\n")
        case ["device", "invoke"]:
            guard let endpoint = UInt16(command.operands["ENDPOINT"] ?? "") else {
                throw UsageError("ENDPOINT must be a number", commandPath: command.path)
            }
            let cluster = try clusterID(command.operands["CLUSTER"] ?? "", command)
            var payload: JSONValue = .object([:])
            if let text = command.operands["PAYLOAD"] {
                payload = try jsonValue(text, command)
            }
            let response = try HubCommands.send(
                hub,
                DeviceCommand(
                    nodeID: UInt64(bitPattern: node), endpointID: endpoint, clusterID: cluster,
                    commandName: command.operands["COMMAND"] ?? "", payload: payload))
            if json || response != .null { return HubCommands.print(response, console) }
            console.write("ok\n")
        case ["device", "press"]:
            let press = try buttonPress(command)
            let pressed = try HubCommands.send(hub, PressButton(nodeID: UInt64(bitPattern: node), press: press))
            if json { return HubCommands.print(pressed, console) }
            let how =
                pressed.long
                ? "pressed and held for \(pressed.holdMilliseconds ?? press.hold) ms"
                : pressed.presses == 1 ? "pressed once" : "pressed \(pressed.presses) times"
            console.write("node \(pressed.nodeID), endpoint \(pressed.endpointID): \(how)\n")
        case ["device", "behavior"]:
            let behavior = SetBehavior(
                nodeID: UInt64(bitPattern: node), behavior: command.operands["BEHAVIOR"] ?? "",
                enabled: !command.flag("off"), intervalMilliseconds: try command.integer("interval", as: Int64.self))
            return HubCommands.print(try HubCommands.send(hub, behavior), console)
        default:
            return try FirmwareCommands.run(command, hub: hub, node: node, console: console)
        }
        return 0
    }

    private static func nodeID(_ command: ParsedCommand) throws(UsageError) -> Int64 {
        guard let node = Int64(command.operands["NODE"] ?? "") else {
            throw UsageError("NODE must be a node ID", commandPath: command.path)
        }
        return node
    }

    /// `device press`'s options, checked as the hub checks `press_button`'s arguments.
    private static func buttonPress(_ command: ParsedCommand) throws(UsageError) -> ButtonPress {
        let presses = try command.integer("presses", as: Int64.self) ?? 1
        let hold = try command.integer("hold", as: Int64.self)
        let long = command.flag("long")
        guard ButtonPress.pressRange.contains(presses) else {
            throw UsageError("--presses takes 1 to 10, not \(presses)", commandPath: command.path)
        }
        if let hold, !ButtonPress.holdRange.contains(hold) {
            throw UsageError("--hold takes 1001 to 60000 ms, not \(hold)", commandPath: command.path)
        }
        if hold != nil && !long {
            throw UsageError("--hold is how long --long holds the button: add --long", commandPath: command.path)
        }
        if long && presses > 1 {
            throw UsageError("--long is one press held: leave out --presses", commandPath: command.path)
        }
        return ButtonPress(
            endpointID: try command.integer("endpoint", as: UInt16.self), presses: presses, long: long,
            holdMilliseconds: hold)
    }

    private static func jsonValue(_ text: String, _ command: ParsedCommand) throws(UsageError) -> JSONValue {
        do {
            return try JSONParser().parse(text)
        } catch {
            throw UsageError(
                "\(text) is not a JSON value (use \"quotes\" for text): \(error)", commandPath: command.path)
        }
    }

    static func clusterID(_ text: String, _ command: ParsedCommand) throws(UsageError) -> ClusterID {
        guard let id = ClusterCatalog.clusterID(text) else {
            throw UsageError("no cluster named \(text)", commandPath: command.path)
        }
        return id
    }

    /// `1/OnOff/onOff` → `1/6/0`; numbers pass through, `*` too where allowed (`ClusterCatalog.numericPath`).
    static func resolve(_ text: String, wildcards: Bool, _ command: ParsedCommand) throws(UsageError) -> String {
        switch ClusterCatalog.numericPath(text, wildcards: wildcards) {
        case .success(let path): return path
        case .failure(let problem): throw UsageError(problem.description, commandPath: command.path)
        }
    }

    /// The node's attributes grouped by endpoint and cluster, with names from the cluster definitions.
    static func render(_ node: MatterNodeData) -> String {
        guard case .object(let attributes) = node.attributes else { return "no attributes\n" }
        var grouped: [UInt16: [UInt32: [(UInt32, JSONValue)]]] = [:]
        for (key, value) in attributes {
            guard let path = AttributePath(key) else { continue }
            grouped[path.endpoint, default: [:]][path.cluster, default: []].append((path.attribute, value))
        }
        var lines = ["node \(node.nodeID), available: \(node.available ? "yes" : "no")"]
        for endpoint in grouped.keys.sorted() {
            lines.append("endpoint \(endpoint)")
            for cluster in grouped[endpoint]!.keys.sorted() {
                let definition = ClusterCatalog.definition(cluster)
                lines.append("  \(definition?.name ?? "cluster") (0x\(String(cluster, radix: 16, uppercase: true)))")
                for (attribute, value) in grouped[endpoint]![cluster]!.sorted(by: { $0.0 < $1.0 }) {
                    let name = definition?.attribute(attribute)?.name ?? "0x\(String(attribute, radix: 16))"
                    lines.append("    \(name) = \(JSONWriter.compact(value))")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
