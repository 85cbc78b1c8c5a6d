import MHubClient
import MHubCommandLine
import MHubJSON
import MHubProtocol

/// `mhubctl hub network [show] | wifi SSID PASSPHRASE | thread DATASET | forget wifi|thread` and `mhubctl hub
/// fabric-label [LABEL]`: the networks the hub gives devices at `network_setup`, and its fabric's label
/// (docs/protocol.md §7a).
enum HubNetworkCommands {
    static let specs = [
        CommandSpec(
            "network", summary: "the Wi-Fi and Thread networks the hub gives devices it commissions",
            subcommands: [
                CommandSpec("show", summary: "whether each is set", options: HubConnectionOptions.options),
                CommandSpec(
                    "wifi", summary: "set the Wi-Fi network (set_wifi_credentials)",
                    options: HubConnectionOptions.options,
                    operands: [
                        OperandSpec("SSID", help: "1-32 bytes"),
                        OperandSpec("PASSPHRASE", optional: true, help: "0-64 bytes (none: an open network)"),
                    ]),
                CommandSpec(
                    "thread", summary: "set the Thread network (set_thread_dataset)",
                    options: HubConnectionOptions.options,
                    operands: [OperandSpec("DATASET", help: "the Active Operational Dataset in hexadecimal")]),
                CommandSpec(
                    "forget", summary: "forget one (remove_wifi_credentials, remove_thread_dataset)",
                    options: HubConnectionOptions.options, operands: [OperandSpec("NETWORK", help: "wifi or thread")]),
            ], defaultSubcommand: "show"),
        CommandSpec(
            "fabric-label", summary: "set the label of the hub's fabric on the devices it commissions from now on",
            options: HubConnectionOptions.options,
            operands: [OperandSpec("LABEL", optional: true, help: "at most 32 bytes (none: \"Home\")")]),
    ]

    static func run(_ command: ParsedCommand, hub: MHubConnection, console: any Console) throws -> Int32? {
        let json = command.flag("json")
        switch command.path {
        case ["hub", "network", "show"]:
            let shown = try HubCommands.reply(ServerInfo.self, try HubCommands.call(hub, .serverInfo)).credentials
            if json { return HubCommands.print(shown, console) }
            console.write(
                "Wi-Fi credentials: \(shown.wifi ? "set" : "not set")\n"
                    + "Thread dataset:    \(shown.thread ? "set" : "not set")\n")
            return 0
        case ["hub", "network", "wifi"]:
            _ = try HubCommands.call(
                hub, .setWiFiCredentials,
                [
                    "ssid": .string(command.operands["SSID"] ?? ""),
                    "credentials": .string(command.operands["PASSPHRASE"] ?? ""),
                ])
            console.write(json ? "null\n" : "Wi-Fi devices now join \"\(command.operands["SSID"] ?? "")\"\n")
            return 0
        case ["hub", "network", "thread"]:
            _ = try HubCommands.call(hub, .setThreadDataset, ["dataset": .string(command.operands["DATASET"] ?? "")])
            console.write(json ? "null\n" : "Thread devices now join the dataset's network\n")
            return 0
        case ["hub", "network", "forget"]:
            let network = command.operands["NETWORK"] ?? ""
            let commands: [String: HubCommand] = ["wifi": .removeWiFiCredentials, "thread": .removeThreadDataset]
            guard let name = commands[network] else {
                throw UsageError("NETWORK must be wifi or thread, not \"\(network)\"", commandPath: command.path)
            }
            _ = try HubCommands.call(hub, name)
            console.write(
                json ? "null\n" : "forgot the \(network == "wifi" ? "Wi-Fi credentials" : "Thread dataset")\n")
            return 0
        case ["hub", "fabric-label"]:
            let label = command.operands["LABEL"]
            _ = try HubCommands.call(hub, .setDefaultFabricLabel, ["label": label.map { .string($0) } ?? .null])
            // What the hub keeps: "Home" for none, a longer label cut to 32 bytes on a character boundary.
            let kept = (label ?? "Home").prefix(utf8Bytes: 32)
            console.write(json ? "null\n" : "devices commissioned from now on show the fabric as \"\(kept)\"\n")
            return 0
        default:
            return nil
        }
    }
}
