import Foundation
import MHubClient
import MHubCommandLine
import MHubProtocol

/// `mhubctl sim [list] | add TEMPLATE | show ID | remove ID | templates`: the simulated devices waiting nearby, and
/// those on the network as Matter nodes of their own (`SimulatedDeviceReport` writes what people read).
enum SimulatedDeviceCommands {
    static let connection = HubConnectionOptions.options

    static let spec = CommandSpec(
        "sim", summary: "simulated devices waiting to be commissioned, or on the network as their own Matter nodes",
        subcommands: [
            CommandSpec(
                "add", summary: "create a simulated device and show its QR code",
                details: "With --on-network the device is its own Matter node on the network, with its own UDP "
                    + "port and code, commissionable by any controller; it prints the port once the node listens. "
                    + "(--network is the Wi-Fi, Thread or Ethernet network the device joins when commissioned.)",
                options: connection + [
                    OptionSpec("name", value: "NAME", help: "its name"),
                    OptionSpec("discriminator", value: "N", help: "12-bit discriminator (default random)"),
                    OptionSpec("passcode", value: "N", help: "setup passcode (default random)"),
                    OptionSpec("vendor", value: "ID", help: "vendor ID (default 0xFFF1)"),
                    OptionSpec("product", value: "ID", help: "product ID (default per template)"),
                    OptionSpec("serial", value: "TEXT", help: "serial number"),
                    OptionSpec("endpoints", value: "N", help: "N application endpoints of the template (1-16)"),
                    OptionSpec("bridged", value: "N", help: "for template bridge: N bridged devices (1-64, default 3)"),
                    OptionSpec(
                        "bridged-template", value: "TEMPLATE",
                        help: "for template bridge: the bridged devices' template (default on-off-light)"),
                    OptionSpec(
                        "network", value: "NET",
                        help: "wifi, thread or ethernet: the network it joins (default per template)"),
                    OptionSpec(
                        "on-network",
                        help: "make it its own Matter node on the network, with its own UDP port (on_network)"),
                    OptionSpec("no-qr", help: "do not draw the QR code"),
                ],
                operands: [OperandSpec("TEMPLATE", help: "a template (see 'mhubctl sim templates')")]),
            CommandSpec("list", summary: "list simulated devices", options: connection),
            CommandSpec(
                "show", summary: "one simulated device: its codes, and its own Matter node's port, window and fabrics",
                details: "Draws its QR code while it is commissionable: for a device on the network, while its "
                    + "own node's commissioning window is open.",
                options: connection + [OptionSpec("no-qr", help: "do not draw the QR code")],
                operands: [OperandSpec("ID", help: "simulated device ID")]),
            CommandSpec(
                "remove", summary: "remove a simulated device", options: connection,
                operands: [OperandSpec("ID", help: "simulated device ID")]),
            CommandSpec(
                "reset",
                summary: "factory-reset a device on the network: it leaves every fabric and is commissionable again",
                details: "Its state goes back to its template's, and its own window opens with its own codes, even "
                    + "one that wrong passcodes closed. A device in the hub's home is removed from it first "
                    + "('mhubctl node remove').",
                options: connection + [OptionSpec("no-qr", help: "do not draw the QR code")],
                operands: [OperandSpec("ID", help: "simulated device ID")]),
            CommandSpec("templates", summary: "list the device templates", options: connection),
        ], defaultSubcommand: "list")

    /// How long `sim add --on-network` waits for the new device's node to listen before it prints without a port.
    static let listeningWait: TimeInterval = 3

    static func run(_ command: ParsedCommand, console: any Console) throws -> Int32? {
        guard command.path.first == "sim" else { return nil }
        let hub = try HubConnectionOptions.connect(command, environment: console.environment)
        let json = command.flag("json")
        let qr = !command.flag("no-qr")
        switch command.path {
        case ["sim", "add"]:
            let request = AddSimulatedDevice(
                template: command.operands["TEMPLATE"] ?? "", name: command.value("name"),
                discriminator: try command.integer("discriminator", as: UInt16.self),
                passcode: try command.integer("passcode", as: UInt32.self),
                vendorID: try command.integer("vendor", as: UInt16.self),
                productID: try command.integer("product", as: UInt16.self), serialNumber: command.value("serial"),
                network: command.value("network"), endpoints: try command.integer("endpoints", as: Int.self),
                bridgedDevices: try command.integer("bridged", as: Int.self),
                bridgedTemplate: command.value("bridged-template"), onNetwork: command.flag("on-network") ? true : nil)
            var device = try HubCommands.send(hub, request)
            if device.onNetwork { device = try untilListening(device, hub) }
            if json { return HubCommands.print(device, console) }
            console.write(SimulatedDeviceReport.added(device, qr: qr, ansiColors: console.outputIsTerminal))
        case ["sim", "list"]:
            let devices = try HubCommands.send(hub, GetSimulatedDevices())
            if json { return HubCommands.print(devices, console) }
            console.write(SimulatedDeviceReport.table(devices))
        case ["sim", "show"]:
            let id = try simulatedDeviceID(command)
            guard let device = try HubCommands.send(hub, GetSimulatedDevices()).first(where: { $0.id == id }) else {
                throw CommandFailure("SimulatedDeviceNotFound: no simulated device \(id)")
            }
            if json { return HubCommands.print(device, console) }
            console.write(SimulatedDeviceReport.shown(device, qr: qr, ansiColors: console.outputIsTerminal))
        case ["sim", "remove"]:
            _ = try HubCommands.send(hub, RemoveSimulatedDevice(id: try simulatedDeviceID(command)))
            if json { return HubCommands.print(["removed": true], console) }
            console.write("removed simulated device \(command.operands["ID"] ?? "")\n")
        case ["sim", "reset"]:
            var device = try HubCommands.send(hub, ResetSimulatedDevice(id: try simulatedDeviceID(command)))
            device = try untilListening(device, hub)
            if json { return HubCommands.print(device, console) }
            console.write(SimulatedDeviceReport.shown(device, qr: qr, ansiColors: console.outputIsTerminal))
        case ["sim", "templates"]:
            let templates = try HubCommands.send(hub, GetTemplates())
            if json { return HubCommands.print(templates, console) }
            console.write(SimulatedDeviceReport.templates(templates))
        default:
            return nil
        }
        return 0
    }

    private static func simulatedDeviceID(_ command: ParsedCommand) throws(UsageError) -> Int64 {
        let text = command.operands["ID"] ?? ""
        guard let id = Int64(text) else {
            throw UsageError("ID must be a whole number, not \"\(text)\"", commandPath: command.path)
        }
        return id
    }

    /// The device as `get_simulated_devices` shows it once its node listens (or could not start), or as it was added
    /// when that takes longer than `listeningWait`: the reply to `add_simulated_device` comes before the node binds.
    private static func untilListening(_ added: SimulatedDeviceInfo, _ hub: MHubConnection) throws
        -> SimulatedDeviceInfo
    {
        let deadline = Date().addingTimeInterval(listeningWait)
        var latest = added
        while Date() < deadline {
            if let device = try HubCommands.send(hub, GetSimulatedDevices()).first(where: { $0.id == added.id }) {
                latest = device
            }
            // Added or reset, a device on the network is on no fabric: its node listens with its window open.
            if let node = latest.matterNode, node.problem != nil || (node.port != nil && node.commissioningWindowOpen) {
                break
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return latest
    }
}
