import MHubClient
import MHubCommandLine
import MHubProtocol
import MHubQRCode

/// `mhubctl hub homekit [--no-qr]` (`get_homekit`): the hub's HomeKit bridge, its setup code and QR code, and who is
/// paired (docs/homekit.md).
enum HubHomeKitCommands {
    static let specs = [
        CommandSpec(
            "homekit", summary: "the hub as a HomeKit bridge: its setup code, QR code and pairings",
            options: HubConnectionOptions.options + [OptionSpec("no-qr", help: "do not draw the QR code")])
    ]

    static func run(_ command: ParsedCommand, hub: MHubConnection, console: any Console) throws -> Int32? {
        guard command.path == ["hub", "homekit"] else { return nil }
        let result = try HubCommands.send(hub, GetHomeKit())
        if command.flag("json") { return HubCommands.print(result, console) }
        console.write(describe(result, qr: !command.flag("no-qr"), console: console))
        return 0
    }

    static func describe(_ status: HomeKitStatus, qr: Bool, console: any Console) -> String {
        guard status.enabled else { return "homekit: off (homekit.enabled)\n" }
        guard status.port > 0 else { return "homekit: starting\n" }
        var text = "homekit: bridge on tcp port \(status.port), device ID \(status.deviceID)\n"
        if status.setupCode.isEmpty {
            text += "Setup code     (for the admin scope only)\n"
        } else {
            text += "Setup code     \(status.setupCode)\nSetup URI      \(status.setupURI)\n"
        }
        text += "Setup ID       \(status.setupID)\n"
        text +=
            "Accessories    \(status.accessories)"
            + (status.omittedDevices > 0 ? " (\(status.omittedDevices) device(s) HomeKit cannot show)" : "") + "\n"
        text += "Configuration  \(status.configurationNumber)\n"
        if status.pairings.isEmpty {
            text += "Paired         no: pair with the setup code (the Home app: Add Accessory)\n"
        } else {
            var table = TextTable("CONTROLLER", "PERMISSIONS")
            for pairing in status.pairings {
                table.add(pairing.identifier, pairing.admin ? "admin" : "user")
            }
            text += "Paired         yes\n" + table.rendered
        }
        if qr, status.pairings.isEmpty, !status.setupURI.isEmpty, let matrix = QRCodeMatrix.encode(status.setupURI) {
            text += "\n" + QRCodeTerminalRenderer.render(matrix, ansiColors: console.outputIsTerminal)
        }
        return text
    }
}
