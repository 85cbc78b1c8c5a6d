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
            let nodeID = UInt64(bitPattern: node)
            let firmware: FirmwareStatus
            if command.flag("clear") {
                firmware = try HubCommands.send(hub, SetFirmwareUpdate(nodeID: nodeID, update: nil))
            } else if let version = try command.integer("version", as: UInt32.self) {
                let offer = FirmwareUpdateOffer(
                    softwareVersion: version, softwareVersionString: command.value("version-string") ?? String(version),
                    releaseNotesURL: command.value("release-notes"),
                    // Without --size, the hub's own default: a MiB, a second's download.
                    sizeBytes: try command.integer("size", as: Int64.self) ?? Int64(1 << 20))
                firmware = try HubCommands.send(hub, SetFirmwareUpdate(nodeID: nodeID, update: offer))
            } else {
                let devices = try HubCommands.send(hub, GetSimulatedDevices())
                guard let device = devices.first(where: { $0.nodeID == nodeID }) else {
                    throw CommandFailure("node \(node) is not a simulated device")
                }
                firmware = device.firmware
            }
            if json { return HubCommands.print(firmware, console) }
            var text = "node \(node) runs \(firmware.softwareVersionString) (\(firmware.softwareVersion))"
            if let update = firmware.update {
                text +=
                    "; update offered: \(update.softwareVersionString) "
                    + "(\(update.softwareVersion), \(update.sizeBytes) bytes)"
            } else {
                text += "; no update offered"
            }
            console.write(text + "\n")
        case ["device", "update"]:
            let nodeID = UInt64(bitPattern: node)
            let update: UpdateNode
            if let version = command.operands["VERSION"] {
                update = UpdateNode(nodeID: nodeID, softwareVersionString: version)
            } else {
                guard let offer = try HubCommands.send(hub, CheckNodeUpdate(nodeID: nodeID)) else {
                    throw CommandFailure(
                        "node \(node) has no update offered ('mhubctl device firmware NODE --version N')")
                }
                update = UpdateNode(nodeID: nodeID, softwareVersion: offer.softwareVersion)
            }
            _ = try HubCommands.send(hub, update)
            let info = try HubCommands.send(hub, ReadAttribute(nodeID: nodeID, attributePaths: ["0/40/*"]))
            if json {
                return HubCommands.print(
                    InstalledSoftware(
                        nodeID: node, softwareVersion: info["0/40/9"], softwareVersionString: info["0/40/10"]),
                    console)
            }
            console.write("node \(node) now runs \(t(info["0/40/10"])) (\(t(info["0/40/9"])))\n")
        default:
            return nil
        }
        return 0
    }
}
