import Foundation
import MHubClient
import MHubCommandLine
import MHubJSON
import MHubProtocol
import MHubQRCode

/// The `mhubctl` commands that talk to a running `mhubd`.
enum HubCommands {
    static let connection = HubConnectionOptions.options

    static let specs: [CommandSpec] = [
        CommandSpec("status", summary: "show the hub's state: online, counts, session, faults", options: connection),
        CommandSpec(
            "commission", summary: "commission a device: prepare, commission, configure, complete",
            details: "Prints each step as the hub reports it, then the new device's node ID. On failure the "
                + "session is cancelled, so nothing half-added stays.",
            options: connection + [
                OptionSpec("name", value: "NAME", help: "the device's name"),
                OptionSpec("room", value: "ROOM", help: "the room to put it in (by name)"),
                OptionSpec("structure", value: "ID", help: "the structure (default: the first)"),
                OptionSpec("timing", value: "PROFILE", help: "instant or realistic (default: the hub's)"),
            ],
            operands: [OperandSpec("CODE", help: "QR payload (MT:...) or manual pairing code")]),
        CommandSpec(
            "session", summary: "the commissioning session",
            subcommands: [
                CommandSpec("status", summary: "show the open session, if any", options: connection),
                CommandSpec(
                    "prepare", summary: "open a session and hold it until interrupted (Ctrl-C rolls it back)",
                    options: connection + [OptionSpec("structure", value: "ID", help: "the structure")]),
                CommandSpec("cancel", summary: "cancel the open session (admin: anyone's)", options: connection),
            ], defaultSubcommand: "status"),
        CommandSpec(
            "rooms", summary: "list and change rooms",
            subcommands: [
                CommandSpec(
                    "list", summary: "list a structure's rooms",
                    options: connection + [OptionSpec("structure", value: "ID", help: "the structure")]),
                CommandSpec(
                    "add", summary: "create a room",
                    options: connection + [OptionSpec("structure", value: "ID", help: "the structure")],
                    operands: [OperandSpec("NAME", help: "the room's name")]),
                CommandSpec(
                    "rename", summary: "rename a room", options: connection,
                    operands: [OperandSpec("ID", help: "room ID"), OperandSpec("NAME", help: "the new name")]),
                CommandSpec(
                    "remove", summary: "delete a room (its devices stay, with no room)", options: connection,
                    operands: [OperandSpec("ID", help: "room ID")]),
            ], defaultSubcommand: "list"),
        CommandSpec(
            "devices", summary: "list, rename, move and remove commissioned devices",
            subcommands: [
                CommandSpec("list", summary: "list commissioned devices", options: connection),
                CommandSpec(
                    "rename", summary: "rename a device", options: connection,
                    operands: [OperandSpec("NODE", help: "node ID"), OperandSpec("NAME", help: "the new name")]),
                CommandSpec(
                    "move", summary: "put a device in a room ('-' for none)", options: connection,
                    operands: [OperandSpec("NODE", help: "node ID"), OperandSpec("ROOM", help: "room name, or -")]),
                CommandSpec(
                    "remove", summary: "decommission a device; its simulated device is commissionable again",
                    options: connection, operands: [OperandSpec("NODE", help: "node ID")]),
            ], defaultSubcommand: "list"),
        SimulatedDeviceCommands.spec,
        CommandSpec(
            "fault", summary: "switch failures on and off",
            details: "Faults: hub_offline; device_unreachable --device ID; device_unresponsive --device ID; "
                + "step_failure --step STEP [--mode fail|timeout]; slow_device --latency MS [--device ID]; "
                + "write_failure --device ID [--delay MS] [--status NAME]; slow_sync --latency MS; "
                + "update_failure --device ID [--stage querying|downloading|applying]; "
                + "appliance_error --device ID [--error N].",
            subcommands: [
                CommandSpec("list", summary: "show the faults in effect", options: connection),
                CommandSpec(
                    "set", summary: "switch a fault on (or off with --off)",
                    options: connection + [
                        OptionSpec("off", help: "switch it off instead"),
                        OptionSpec("device", value: "ID", help: "simulated device ID"),
                        OptionSpec(
                            "step", value: "STEP",
                            help: "discovery, pase, attestation, csr, noc, network_setup, operational_discovery"),
                        OptionSpec("mode", value: "MODE", help: "fail or timeout"),
                        OptionSpec("latency", value: "MS", help: "extra milliseconds per step, or of the first sync"),
                        OptionSpec("delay", value: "MS", help: "write_failure: milliseconds before the refusal"),
                        OptionSpec("status", value: "NAME", help: "write_failure: the Matter status (default FAILURE)"),
                        OptionSpec(
                            "stage", value: "STAGE",
                            help: "update_failure: querying, downloading (default) or applying"),
                        OptionSpec(
                            "error", value: "N",
                            help: "appliance_error: the ErrorStateID or the charger's FaultState (default per cluster)"),
                    ],
                    operands: [
                        OperandSpec(
                            "FAULT",
                            help:
                                "hub_offline, device_unreachable, device_unresponsive, step_failure, slow_device, "
                                + "write_failure, slow_sync, update_failure, appliance_error")
                    ]
                ),
                CommandSpec("clear", summary: "switch every fault off", options: connection),
            ], defaultSubcommand: "list"),
        CommandSpec(
            "permission", summary: "grant and revoke a principal's permission on a structure",
            subcommands: [
                CommandSpec("list", summary: "list revoked permissions", options: connection),
                CommandSpec(
                    "revoke", summary: "revoke (e.g. 'loopback', 'uid:1000', a token's name)",
                    options: connection + [OptionSpec("structure", value: "ID", help: "the structure")],
                    operands: [OperandSpec("PRINCIPAL", help: "who")]),
                CommandSpec(
                    "grant", summary: "grant again",
                    options: connection + [OptionSpec("structure", value: "ID", help: "the structure")],
                    operands: [OperandSpec("PRINCIPAL", help: "who")]),
            ], defaultSubcommand: "list"),
        CommandSpec("reset", summary: "return the hub to its configured initial state", options: connection),
        CommandSpec(
            "watch", summary: "print events as the hub sends them",
            options: connection + [
                OptionSpec("event", value: "NAME", repeatable: true, help: "only these events (repeatable)"),
                OptionSpec("node", value: "ID", repeatable: true, help: "only events about these nodes (repeatable)"),
                OptionSpec("count", value: "N", help: "stop after N events"),
            ]),
        CommandSpec(
            "call", summary: "send any command with JSON arguments and print the result",
            options: connection,
            operands: [
                OperandSpec("COMMAND", help: "command name"), OperandSpec("ARGS", optional: true, help: "JSON object"),
            ]),
    ]

    static func run(_ command: ParsedCommand, console: any Console) throws -> Int32? {
        let json = command.flag("json")
        switch command.path {
        case ["status"]:
            let hub = try HubConnectionOptions.connect(command, environment: console.environment)
            let status = try send(hub, GetStatus())
            if json { return print(status, console) }
            var lines = [
                "mhubd \(status.version) — \(status.hubName)",
                "online: \(status.online ? "yes" : "no (hub_offline fault)")",
                "nodes: \(status.nodes)  rooms: \(status.rooms)  simulated devices: \(status.simulatedDevices)",
                "timing profile: \(status.timingProfile)",
            ]
            if let session = status.session {
                lines.append(
                    "session: \(session.id) \(session.state), held by \(session.owner) until \(session.deadlineText)")
            } else {
                lines.append("session: none")
            }
            console.write(lines.joined(separator: "\n") + "\n")
            return 0
        case ["commission"]: return try Commission.run(command, console: console)
        case ["session", "status"]:
            let hub = try HubConnectionOptions.connect(command, environment: console.environment)
            let session = try send(hub, GetSession())
            if json { return print(session, console) }
            if let session {
                let group = session.appGroup.map { " (app group \($0))" } ?? ""
                console.write(
                    "\(session.id) \(session.state), structure \(session.structureID), "
                        + "held by \(session.owner)\(group) until \(session.deadlineText)\n")
            } else {
                console.write("no commissioning session\n")
            }
            return 0
        case ["session", "prepare"]:
            let hub = try HubConnectionOptions.connect(command, environment: console.environment)
            let scope = SessionScope(structureID: try command.integer("structure", as: Int64.self))
            let session = try send(hub, PrepareCommissioning(scope: scope))
            if json {
                _ = print(session, console)
            } else {
                console.write(
                    "session \(session.id) prepared until \(session.deadlineText); holding it until interrupted\n")
            }
            hub.waitUntilClosed()
            throw CommandFailure("mhubd closed the connection; the session is gone")
        case ["session", "cancel"]:
            let hub = try HubConnectionOptions.connect(command, environment: console.environment)
            let result = try send(hub, CancelCommissioning())
            if json { return print(result, console) }
            console.write(result.cancelled ? "cancelled \(result.sessionID ?? "-")\n" : "no session to cancel\n")
            return 0
        default:
            return try HubAdminCommands.run(command, console: console)
        }
    }

    static func call(_ hub: MHubConnection, _ command: HubCommand, _ args: [String: JSONValue] = [:]) throws
        -> JSONValue
    {
        try call(hub, named: command.rawValue, args)
    }

    /// A typed request; a hub error is the command's failure.
    static func send<Request: ProtocolRequest>(_ hub: MHubConnection, _ request: Request) throws -> Request.Reply {
        do {
            return try hub.send(request)
        } catch {
            throw CommandFailure(error.kind == .hub ? "\(error.name ?? "error"): \(error.details)" : error.description)
        }
    }

    /// A reply read into the protocol's type.
    static func reply<Reply: ProtocolReply>(_ type: Reply.Type, _ result: JSONValue) throws -> Reply {
        do {
            return try Reply(json: result)
        } catch {
            throw CommandFailure("mhubd's reply does not fit: \(error.description)")
        }
    }

    /// `--json`: a typed reply written as the hub writes it.
    static func print(_ value: some JSONWritable, _ console: any Console) -> Int32 {
        console.write(JSONText(value).description + "\n")
        return 0
    }

    /// `mhubctl call NAME`: any command by its name, one this version does not know included.
    static func call(_ hub: MHubConnection, named command: String, _ args: [String: JSONValue] = [:]) throws
        -> JSONValue
    {
        do {
            return try hub.call(command, args)
        } catch {
            throw CommandFailure(error.kind == .hub ? "\(error.name ?? "error"): \(error.details)" : error.description)
        }
    }

    static func print(_ value: JSONValue, _ console: any Console) -> Int32 {
        console.write(JSONWriter.compact(value) + "\n")
        return 0
    }

    static func text(_ value: JSONValue?) -> String {
        switch value {
        case .string(let string)?: string
        case .integer(let number)?: String(number)
        case .double(let number)?: String(number)
        case .bool(let flag)?: flag ? "yes" : "no"
        case .null?, nil: "-"
        case let other?: JSONWriter.compact(other)
        }
    }
}
