import MHubCommandLine
import MHubJSON
import MHubQRCode
import MatterOnboarding

/// `mhubctl payload parse` and `mhubctl payload generate`.
enum PayloadCommands {
    static let spec = CommandSpec(
        "payload",
        summary: "parse and generate Matter onboarding payloads (QR codes and manual pairing codes)",
        subcommands: [parseSpec, generateSpec])

    static let parseSpec = CommandSpec(
        "parse",
        summary: "show every field of a QR payload (MT:...) or a manual pairing code",
        details: """
            Without CODE, or with CODE '-', the code is read from standard input; input that is a JSON
            object (the output of 'payload generate --json') is read for its "input" field.
            Exits 1 when the payload is malformed or breaks a rule of the Matter specification.
            """,
        options: [OptionSpec("json", help: "print one JSON object instead of a table")],
        operands: [OperandSpec("CODE", optional: true, help: "an MT: QR payload, or 11 or 21 digits")])

    static let generateSpec = CommandSpec(
        "generate",
        summary: "make a valid onboarding payload and draw its QR code",
        details: "Fields not given are: a random valid passcode and discriminator, vendor 0xFFF1, "
            + "product 0x8001, standard flow, on-network discovery.",
        options: [
            OptionSpec("passcode", value: "N", help: "setup passcode, 1 to 99999998 (not a trivial one)"),
            OptionSpec("discriminator", value: "N", help: "12-bit discriminator, 0 to 4095"),
            OptionSpec("vendor", value: "ID", help: "vendor ID (decimal or 0x hex), default 0xFFF1"),
            OptionSpec("product", value: "ID", help: "product ID (decimal or 0x hex), default 0x8001"),
            OptionSpec("flow", value: "FLOW", help: "standard, user-intent or custom"),
            OptionSpec(
                "discovery", value: "LIST",
                help: "comma-separated: soft-ap, ble, on-network, wifi-paf, nfc, thread"),
            OptionSpec("serial", value: "TEXT", help: "serial number (TLV tag 0x00)"),
            OptionSpec("pbkdf-iterations", value: "N", help: "PBKDF2 iterations, 1000 to 100000 (TLV 0x01)"),
            OptionSpec("pbkdf-salt", value: "HEX", help: "PBKDF2 salt, 16 to 32 bytes in hex (TLV 0x02)"),
            OptionSpec("devices", value: "N", help: "number of devices, 1 to 255 (TLV 0x03)"),
            OptionSpec("commissioning-timeout", value: "S", help: "commissioning timeout in seconds (TLV 0x04)"),
            OptionSpec(
                "vendor-data", value: "TAG=VALUE", repeatable: true,
                help: "vendor TLV element, TAG 0x80-0xFF; VALUE text, or int:N for a number"),
            OptionSpec("json", help: "print one JSON object instead of text"),
            OptionSpec("no-qr", help: "do not draw the QR code"),
        ])

    // MARK: parse

    static func parse(_ command: ParsedCommand, console: any Console) throws -> Int32 {
        var code = command.operands["CODE"] ?? "-"
        if code == "-" {
            code = try codeFromInput(console.readInput())
        }
        let payload: OnboardingPayload
        do {
            payload = try OnboardingPayload.parse(code)
        } catch {
            throw CommandFailure("not an onboarding payload: \(error)")
        }
        let report = PayloadReport(payload: payload, input: code.trimmingCharacters())
        console.write(command.flag("json") ? JSONWriter.compact(report.json) + "\n" : report.table)
        if let first = report.violations.first {
            throw CommandFailure("invalid onboarding payload: \(first)")
        }
        return 0
    }

    /// The code in piped input: the text itself, or the `input` of a JSON report.
    private static func codeFromInput(_ input: String) throws -> String {
        let trimmed = input.trimmingCharacters()
        guard trimmed.hasPrefix("{") else { return trimmed }
        guard case .string(let code)? = (try? JSONParser().parse(trimmed))?["input"] else {
            throw CommandFailure("the JSON on standard input has no \"input\" string")
        }
        return code
    }

    // MARK: generate

    static func generate(_ command: ParsedCommand, console: any Console) throws -> Int32 {
        let payload = try payload(from: command)
        let qrCode: String
        do {
            qrCode = try payload.qrCodeString()
        } catch {
            throw UsageError("cannot generate: \(error)", commandPath: command.path)
        }
        let report = PayloadReport(payload: .qrCode([payload]), input: qrCode)
        if command.flag("json") {
            console.write(JSONWriter.compact(report.json) + "\n")
            return 0
        }
        // The payload was just validated, so its manual code exists.
        let manual = try ManualPairingCode(payload).digits()
        var text = "QR code        \(qrCode)\nManual code    \(ManualPairingCode.grouped(manual))\n"
        text += "Passcode       \(payload.passcode)\nDiscriminator  \(payload.discriminator)\n"
        if !command.flag("no-qr") {
            guard let matrix = QRCodeMatrix.encode(qrCode) else {
                throw CommandFailure("libqrencode could not encode \(qrCode)")
            }
            text += "\n" + QRCodeTerminalRenderer.render(matrix, ansiColors: console.outputIsTerminal)
        }
        console.write(text)
        return 0
    }

    /// The payload the options describe, with the documented defaults for what they leave out.
    static func payload(from command: ParsedCommand) throws(UsageError) -> SetupPayload {
        var payload = SetupPayload(
            vendorID: try command.integer("vendor") ?? 0xFFF1,
            productID: try command.integer("product") ?? 0x8001,
            discriminator: try command.integer("discriminator", as: UInt16.self) ?? Discriminator.random(),
            passcode: try command.integer("passcode", as: UInt32.self) ?? SetupPasscode.random())
        if let flow = command.value("flow") {
            guard let parsed = CommissioningFlow(name: flow), parsed != .reserved else {
                throw UsageError(
                    "--flow is standard, user-intent or custom, not \"\(flow)\"", commandPath: command.path)
            }
            payload.commissioningFlow = parsed
        }
        if let list = command.value("discovery") {
            payload.discoveryCapabilities = []
            for name in list.split(separator: ",") {
                guard let capability = DiscoveryCapabilities(name: String(name)) else {
                    let names = DiscoveryCapabilities.named.map(\.1).joined(separator: ", ")
                    throw UsageError("--discovery takes \(names); not \"\(name)\"", commandPath: command.path)
                }
                payload.discoveryCapabilities.insert(capability)
            }
        }
        payload.extensionData = try vendorData(command) + commonData(command)
        if let violation = payload.violations(mode: .produce).first {
            throw UsageError("cannot generate: \(violation)", commandPath: command.path)
        }
        return payload
    }

    /// The Matter-defined TLV elements, in tag order (CHIP writes vendor elements first, then these).
    private static func commonData(_ command: ParsedCommand) throws(UsageError) -> [SetupPayloadExtension] {
        var entries: [SetupPayloadExtension] = []
        if let serial = command.value("serial") {
            entries.append(SetupPayloadExtension(tag: SetupPayloadExtension.serialNumberTag, value: .string(serial)))
        }
        if let iterations = try command.integer("pbkdf-iterations", as: UInt64.self) {
            entries.append(
                SetupPayloadExtension(tag: SetupPayloadExtension.pbkdfIterationsTag, value: .unsigned(iterations)))
        }
        if let salt = command.value("pbkdf-salt") {
            guard case .success(let bytes) = HexText.decode(salt) else {
                throw UsageError("--pbkdf-salt takes hex digits, not \"\(salt)\"", commandPath: command.path)
            }
            entries.append(SetupPayloadExtension(tag: SetupPayloadExtension.pbkdfSaltTag, value: .bytes(bytes)))
        }
        if let devices = try command.integer("devices", as: UInt64.self) {
            entries.append(
                SetupPayloadExtension(tag: SetupPayloadExtension.numberOfDevicesTag, value: .unsigned(devices)))
        }
        if let timeout = try command.integer("commissioning-timeout", as: UInt64.self) {
            entries.append(
                SetupPayloadExtension(tag: SetupPayloadExtension.commissioningTimeoutTag, value: .unsigned(timeout)))
        }
        return entries
    }

    private static func vendorData(_ command: ParsedCommand) throws(UsageError) -> [SetupPayloadExtension] {
        var entries: [SetupPayloadExtension] = []
        for item in command.allValues("vendor-data") {
            guard let equals = item.firstIndex(of: "="),
                let tag = ParsedCommand.parseInteger(String(item[..<equals]), as: UInt8.self), tag >= 0x80
            else {
                throw UsageError(
                    "--vendor-data takes TAG=VALUE with TAG from 0x80 to 0xFF, not \"\(item)\"",
                    commandPath: command.path)
            }
            let text = String(item[item.index(after: equals)...])
            if text.hasPrefix("int:") {
                guard let number = Int64(text.dropFirst(4)) else {
                    throw UsageError("--vendor-data \(item): int: takes a whole number", commandPath: command.path)
                }
                entries.append(SetupPayloadExtension(tag: tag, value: .signed(number)))
            } else {
                entries.append(SetupPayloadExtension(tag: tag, value: .string(text)))
            }
        }
        return entries.sorted { $0.tag < $1.tag }
    }

}

extension String {
    func trimmingCharacters() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
