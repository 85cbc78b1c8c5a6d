import MHubJSON
import MHubProtocol
import Testing

@testable import MHubControl

@Suite struct PayloadCommandTests {
    func run(_ arguments: [String], input: String = "", terminal: Bool = false) -> (Int32, RecordingConsole) {
        let console = RecordingConsole(input: input, terminal: terminal)
        return (MHubCtl.run(arguments, console: console), console)
    }

    func json(_ text: String) throws -> JSONValue {
        try JSONParser().parse(text)
    }

    @Test func parseQRCodeShowsEveryField() throws {
        let (status, console) = run(["payload", "parse", "MT:-24J0AFN00KA0648G00"])
        #expect(status == 0)
        #expect(console.errors.isEmpty)
        for line in [
            "Vendor ID           65521 (0xFFF1)", "Product ID          32769 (0x8001)",
            "Commissioning flow  standard (0)", "Discovery           on-network (0x04)",
            "Discriminator       3840 (0xF00), short 15", "Passcode            20202021",
            "Manual code         3497-011-2332", "Valid               yes",
        ] {
            #expect(console.output.contains(line), "missing \(line)")
        }
    }

    @Test func parseJSONOfAManualCode() throws {
        let (status, console) = run(["payload", "parse", "--json", "7028-712-6450-43870-00187"])
        #expect(status == 0)
        let report = try json(console.output)
        #expect(report["kind"] == "manual")
        #expect(report["valid"] == true)
        guard case .array(let payloads)? = report["payloads"] else {
            Issue.record("no payloads")
            return
        }
        #expect(payloads.first?["vendorId"] == 4387)
        #expect(payloads.first?["productId"] == 18)
        #expect(payloads.first?["passcode"] == 43_338_551)
        #expect(payloads.first?["shortDiscriminator"] == 12)
        #expect(payloads.first?["discriminator"] == .null)
        #expect(payloads.first?["commissioningFlow"] == "custom")
    }

    @Test func invalidPayloadsExitOneWithOneLine() {
        let (status, console) = run(["payload", "parse", "0085-260-7537"])
        #expect(status == 1)
        #expect(console.output.contains("passcode-trivial"))
        #expect(
            console.errors
                == "mhubctl: invalid onboarding payload: passcode 12345678 is one of the forbidden trivial ones [rule passcode-trivial]\n"
        )
        let (malformed, errors) = run(["payload", "parse", "MT:%%%"])
        #expect(malformed == 1)
        #expect(errors.output.isEmpty)
        #expect(errors.errors == "mhubctl: not an onboarding payload: a QR payload must start with \"MT:\"\n")
    }

    @Test func generateThenParseAgreeFieldByField() throws {
        let (status, generated) = run([
            "payload", "generate", "--json", "--vendor", "0x1234", "--product", "42", "--flow", "user-intent",
            "--discovery", "ble,on-network", "--serial", "SN-1", "--pbkdf-iterations", "2000", "--pbkdf-salt",
            "000102030405060708090a0b0c0d0e0f", "--devices", "2", "--commissioning-timeout", "900",
            "--vendor-data", "0x81=hello", "--vendor-data", "0x90=int:-5",
        ])
        #expect(status == 0, "\(generated.errors)")
        let (parseStatus, parsed) = run(["payload", "parse", "--json"], input: generated.output)
        #expect(parseStatus == 0, "\(parsed.errors)")
        #expect(try json(parsed.output) == json(generated.output))
        let payload = try json(generated.output)["payloads"]
        guard case .array(let list)? = payload, let first = list.first else {
            Issue.record("no payload")
            return
        }
        #expect(first["vendorId"] == 0x1234)
        #expect(first["commissioningFlow"] == "user-intent")
        #expect(first["discoveryCapabilities"] == ["ble", "on-network"])
        #expect(first["serialNumber"] == "SN-1")
        guard case .string(let manual)? = first["manualCode"] else {
            Issue.record("no manual code")
            return
        }
        #expect(manual.count == 21)
    }

    @Test func generateDefaultsAreRandomButValid() throws {
        let (_, first) = run(["payload", "generate", "--json"])
        let (_, second) = run(["payload", "generate", "--json"])
        let one = try json(first.output)
        #expect(one["valid"] == true)
        #expect(one != (try json(second.output)))
        guard case .array(let list)? = one["payloads"], let payload = list.first else {
            Issue.record("no payload")
            return
        }
        #expect(payload["vendorIdHex"] == "0xFFF1")
        #expect(payload["productIdHex"] == "0x8001")
        #expect(payload["discoveryCapabilities"] == ["on-network"])
        #expect(payload["commissioningFlow"] == "standard")
    }

    @Test func generateDrawsTheQRCode() {
        let (status, plain) = run(["payload", "generate", "--passcode", "20202021", "--discriminator", "3840"])
        #expect(status == 0)
        #expect(plain.output.hasPrefix("QR code        MT:-24J0AFN00KA0648G00\nManual code    3497-011-2332\n"))
        #expect(plain.output.contains("█"))
        #expect(!plain.output.contains("\u{1B}["))
        let (_, terminal) = run(["payload", "generate", "--passcode", "20202021"], terminal: true)
        #expect(terminal.output.contains("\u{1B}[30;47m"))
        let (_, bare) = run(["payload", "generate", "--no-qr"])
        #expect(!bare.output.contains("█"))
    }

    @Test(arguments: [
        (["payload", "generate", "--passcode", "11111111"], "passcode-trivial"),
        (["payload", "generate", "--discriminator", "5000"], "discriminator-range"),
        (["payload", "generate", "--vendor", "0xFFFF"], "vendor-id"),
        (["payload", "generate", "--flow", "reserved"], "--flow is standard, user-intent or custom"),
        (["payload", "generate", "--discovery", "carrier-pigeon"], "--discovery takes"),
        (["payload", "generate", "--pbkdf-salt", "00"], "PBKDF salt"),
        (["payload", "generate", "--vendor-data", "0x10=x"], "TAG from 0x80 to 0xFF"),
        (["payload", "generate", "--passcode", "abc"], "--passcode takes a whole number"),
        (["payload", "frobnicate"], "unknown command \"frobnicate\""),
        (["payload", "parse", "a", "b"], "unexpected argument"),
    ])
    func usageErrorsExit64WithAHint(arguments: [String], fragment: String) {
        let (status, console) = run(arguments)
        #expect(status == 64)
        #expect(console.errors.contains(fragment), "\(console.errors)")
        #expect(console.errors.contains("(see 'mhubctl help payload"))
        #expect(console.errors.split(separator: "\n").count == 1)
    }

    @Test func helpAndVersion() {
        let (status, help) = run(["--help"])
        #expect(status == 0)
        #expect(help.output.contains("payload"))
        let (_, payloadHelp) = run(["help", "payload"])
        #expect(payloadHelp.output.contains("generate"))
        let (_, generateHelp) = run(["payload", "generate", "-h"])
        #expect(generateHelp.output.contains("--pbkdf-salt HEX"))
        let (versionStatus, version) = run(["--version"])
        #expect(versionStatus == 0)
        #expect(version.output == "mhubctl \(MHubVersion.string)\n")
    }
}
