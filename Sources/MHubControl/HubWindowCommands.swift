import Foundation
import MHubClient
import MHubCommandLine
import MHubJSON
import MHubProtocol
import MHubQRCode
import MatterOnboarding

/// `mhubctl hub window open|close|status` and `mhubctl hub pairing-code`: the hub as a commissionable
/// node itself; `mhubctl hub advertising` and `mhubctl hub udc`: how it is found on the network
/// (`HubDiscoveryCommands`).
enum HubWindowCommands {
    static let connection = HubConnectionOptions.options

    static let spec = CommandSpec(
        "hub", summary: "the hub as a Matter node: its window (multi-admin), fabrics, attestation and DNS-SD records",
        subcommands: [
            CommandSpec(
                "window", summary: "open, close or show the hub's commissioning window",
                subcommands: [
                    CommandSpec(
                        "open", summary: "open it and show its onboarding payload",
                        options: connection + [
                            OptionSpec(
                                "timeout", value: "S", help: "seconds until it closes (default 300, at most 900)"),
                            OptionSpec("enhanced", help: "a fresh random passcode for this window (CM=2)"),
                            OptionSpec("no-qr", help: "do not draw the QR code"),
                        ]),
                    CommandSpec("close", summary: "close it", options: connection),
                    CommandSpec("status", summary: "show whether it is open", options: connection),
                ], defaultSubcommand: "status"),
            CommandSpec(
                "pairing-code", summary: "the onboarding payload and QR code of the hub's open commissioning window",
                options: connection + [OptionSpec("no-qr", help: "do not draw the QR code")]),
        ] + HubDiscoveryCommands.specs + HubMatterCommands.specs + HubHomeKitCommands.specs + HubNetworkCommands.specs)

    static func run(_ command: ParsedCommand, console: any Console) throws -> Int32? {
        guard command.path.first == "hub" else { return nil }
        let hub = try HubConnectionOptions.connect(command, environment: console.environment)
        let json = command.flag("json")
        switch command.path {
        case ["hub", "window", "open"]:
            let window = try HubCommands.send(
                hub,
                OpenCommissioningWindow(
                    timeout: try command.integer("timeout", as: Int64.self), enhanced: command.flag("enhanced")))
            if json { return HubCommands.print(window, console) }
            console.write(describe(window, qr: !command.flag("no-qr"), console: console))
        case ["hub", "window", "close"]:
            let result = try HubCommands.send(hub, CloseCommissioningWindow())
            if json { return HubCommands.print(result, console) }
            console.write(result.closed ? "closed\n" : "it was not open\n")
        case ["hub", "window", "status"]:
            let window = try HubCommands.send(hub, GetCommissioningWindow())
            if json { return HubCommands.print(window, console) }
            console.write(describe(window, qr: false, console: console))
        case ["hub", "pairing-code"]:
            let window = try HubCommands.send(hub, GetCommissioningWindow())
            if window.open {
                console.write(describe(window, qr: !command.flag("no-qr"), console: console))
            } else {
                console.write(
                    "the hub's window is closed; 'mhubctl hub window open' opens it with the configured passcode\n")
                return 1
            }
        default:
            if let status = try HubMatterCommands.run(command, hub: hub, console: console) { return status }
            if let status = try HubHomeKitCommands.run(command, hub: hub, console: console) { return status }
            if let status = try HubNetworkCommands.run(command, hub: hub, console: console) { return status }
            return try HubDiscoveryCommands.run(command, hub: hub, console: console)
        }
        return 0
    }

    static func describe(_ window: CommissioningWindowInfo, qr: Bool, console: any Console) -> String {
        guard window.open else {
            let how = [
                "timeout": "its timeout passed", "closed": "closed by request",
                "failed_attempts": "too many failed PASE attempts",
            ][window.closeReason ?? "-"]
            return "commissioning window: closed" + (how.map { " (\($0) at \(window.closedAt ?? "-"))" } ?? "") + "\n"
        }
        func cell(_ value: (some CustomStringConvertible)?) -> String { value.map(\.description) ?? "-" }
        var text = "commissioning window: open until \(cell(window.closesAt)) (CM=\(cell(window.commissioningMode)))\n"
        text += "QR code        \(cell(window.setup?.qrCode))\n"
        if let manual = window.setup?.manualCode {
            text += "Manual code    \(ManualPairingCode.grouped(manual))\n"
        }
        text += "Passcode       \(cell(window.setup?.pinCode))\nDiscriminator  \(cell(window.discriminator))\n"
        if qr, let code = window.setup?.qrCode, let matrix = QRCodeMatrix.encode(code) {
            text += "\n" + QRCodeTerminalRenderer.render(matrix, ansiColors: console.outputIsTerminal)
        }
        return text
    }
}
