import MHubClient
import MHubCommandLine
import MHubJSON
import MHubProtocol

/// `mhubctl device firmware NODE [--version N --version-string S [--release-notes URL] [--size BYTES] | --clear]`
/// (`set_firmware_update`, `get_simulated_devices`) and `mhubctl device update NODE [VERSION]` (`check_node_update`,
/// `update_node`): firmware updates, simulated (docs/protocol.md §8a).
enum FirmwareCommands {
    static let specs = [
        CommandSpec(
            "firmware",
            summary: "show a device's firmware, or offer it an update (--version) or withdraw one (--clear)",
            options: HubConnectionOptions.options + [
                OptionSpec("version", value: "N", help: "the update's SoftwareVersion, newer than the device's"),
                OptionSpec("version-string", value: "TEXT", help: "its SoftwareVersionString (default: N)"),
                OptionSpec("release-notes", value: "URL", help: "its release notes"),
                OptionSpec("size", value: "BYTES", help: "the image's size, which sets the download's time (1 MiB/s)"),
                OptionSpec("clear", help: "withdraw the offered update"),
            ],
            operands: [OperandSpec("NODE", help: "node ID")]),
        CommandSpec(
            "update", summary: "install the offered update as an OHF client does (update_node) and wait for it",
            options: HubConnectionOptions.options,
            operands: [
                OperandSpec("NODE", help: "node ID"),
                OperandSpec("VERSION", optional: true, help: "the version to install (default: the offered one)"),
            ]),
    ]

    static func run(_ command: ParsedCommand, hub: MHubConnection, node: Int64, console: any Console) throws -> Int32? {
        let json = command.flag("json")
        let t = HubCommands.text
        switch command.path {
        case ["device", "firmware"]:
            var firmware: JSONValue
            if command.flag("clear") {
                firmware = try HubCommands.call(
                    hub, .setFirmwareUpdate, ["node_id": .integer(node), "update": .null])
            } else if let version = try command.integer("version", as: Int64.self) {
                var update: [String: JSONValue] = [
                    "software_version": .integer(version),
                    "software_version_string": .string(command.value("version-string") ?? String(version)),
                ]
                if let notes = command.value("release-notes") { update["release_notes_url"] = .string(notes) }
                if let size = try command.integer("size", as: Int64.self) { update["size_bytes"] = .integer(size) }
                firmware = try HubCommands.call(
                    hub, .setFirmwareUpdate, ["node_id": .integer(node), "update": .object(update)])
            } else {
                let devices = try HubCommands.call(hub, .getSimulatedDevices)
                guard let device = devices.arrayValue.first(where: { $0["node_id"] == .integer(node) }) else {
                    throw CommandFailure("node \(node) is not a simulated device")
                }
                firmware = device["firmware"] ?? .null
            }
            if json { return HubCommands.print(firmware, console) }
            var text =
                "node \(node) runs \(t(firmware["software_version_string"])) (\(t(firmware["software_version"])))"
            if let update = firmware["update"], update != .null {
                text +=
                    "; update offered: \(t(update["software_version_string"])) "
                    + "(\(t(update["software_version"])), \(t(update["size_bytes"])) bytes)"
            } else {
                text += "; no update offered"
            }
            console.write(text + "\n")
        case ["device", "update"]:
            var version = command.operands["VERSION"].map { JSONValue.string($0) }
            if version == nil {
                let offer = try HubCommands.call(hub, .checkNodeUpdate, ["node_id": .integer(node)])
                guard offer != .null, let offered = offer["software_version"] else {
                    throw CommandFailure(
                        "node \(node) has no update offered ('mhubctl device firmware NODE --version N')")
                }
                version = offered
            }
            _ = try HubCommands.call(hub, .updateNode, ["node_id": .integer(node), "software_version": version!])
            let info = try HubCommands.call(
                hub, .readAttribute, ["node_id": .integer(node), "attribute_path": "0/40/*"])
            if json {
                return HubCommands.print(
                    [
                        "node_id": .integer(node), "software_version": info["0/40/9"] ?? .null,
                        "software_version_string": info["0/40/10"] ?? .null,
                    ], console)
            }
            console.write("node \(node) now runs \(t(info["0/40/10"])) (\(t(info["0/40/9"])))\n")
        default:
            return nil
        }
        return 0
    }
}
