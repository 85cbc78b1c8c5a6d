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
        ] + HubDiscoveryCommands.specs + HubMatterCommands.specs + HubNetworkCommands.specs)

    static func run(_ command: ParsedCommand, console: any Console) throws -> Int32? {
        guard command.path.first == "hub" else { return nil }
        let hub = try HubConnectionOptions.connect(command, environment: console.environment)
        let json = command.flag("json")
        switch command.path {
        case ["hub", "window", "open"]:
            var args: [String: JSONValue] = ["enhanced": .bool(command.flag("enhanced"))]
            if let timeout = try command.integer("timeout", as: Int64.self) { args["timeout"] = .integer(timeout) }
            let window = try HubCommands.call(hub, .openCommissioningWindow, args)
            if json { return HubCommands.print(window, console) }
            console.write(describe(window, qr: !command.flag("no-qr"), console: console))
        case ["hub", "window", "close"]:
            let result = try HubCommands.call(hub, .closeCommissioningWindow)
            if json { return HubCommands.print(result, console) }
            console.write(result["closed"] == true ? "closed\n" : "it was not open\n")
        case ["hub", "window", "status"]:
            let window = try HubCommands.call(hub, .getCommissioningWindow)
            if json { return HubCommands.print(window, console) }
            console.write(describe(window, qr: false, console: console))
        case ["hub", "pairing-code"]:
            let window = try HubCommands.call(hub, .getCommissioningWindow)
            if window["open"] == true {
                console.write(describe(window, qr: !command.flag("no-qr"), console: console))
            } else {
                console.write(
                    "the hub's window is closed; 'mhubctl hub window open' opens it with the configured passcode\n")
                return 1
            }
        default:
            if let status = try HubMatterCommands.run(command, hub: hub, console: console) { return status }
            if let status = try HubNetworkCommands.run(command, hub: hub, console: console) { return status }
            return try HubDiscoveryCommands.run(command, hub: hub, console: console)
        }
        return 0
    }

    static func describe(_ window: JSONValue, qr: Bool, console: any Console) -> String {
        guard window["open"] == true else {
            let how = [
                "timeout": "its timeout passed", "closed": "closed by request",
                "failed_attempts": "too many failed PASE attempts",
            ][HubCommands.text(window["close_reason"])]
            return "commissioning window: closed"
                + (how.map { " (\($0) at \(HubCommands.text(window["closed_at"])))" } ?? "") + "\n"
        }
        let t = HubCommands.text
        var text =
            "commissioning window: open until \(t(window["closes_at"])) (CM=\(t(window["commissioning_mode"])))\n"
        text += "QR code        \(t(window["setup_qr_code"]))\n"
        if case .string(let manual)? = window["setup_manual_code"] {
            text += "Manual code    \(ManualPairingCode.grouped(manual))\n"
        }
        text += "Passcode       \(t(window["setup_pin_code"]))\nDiscriminator  \(t(window["discriminator"]))\n"
        if qr, case .string(let code)? = window["setup_qr_code"], let matrix = QRCodeMatrix.encode(code) {
            text += "\n" + QRCodeTerminalRenderer.render(matrix, ansiColors: console.outputIsTerminal)
        }
        return text
    }
}
