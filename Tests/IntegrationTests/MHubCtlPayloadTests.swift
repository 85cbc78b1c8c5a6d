import DNSSDPeerSupport
import Foundation
import MHubJSON
import MHubProtocol
import Testing

/// `mhubctl payload` as a user runs it: real processes, real pipes.
@Suite struct MHubCtlPayloadTests {
    @Test func generateJSONPipedIntoParseJSONAgreesFieldByField() throws {
        // The shell pipeline `mhubctl payload generate --json | mhubctl payload parse --json`.
        let generator = Process()
        generator.executableURL = Executables.mhubctl
        generator.arguments = ["payload", "generate", "--json", "--serial", "A1", "--flow", "custom"]
        let parser = Process()
        parser.executableURL = Executables.mhubctl
        parser.arguments = ["payload", "parse", "--json"]
        let pipe = Pipe()
        let parserOutput = Pipe()
        generator.standardOutput = pipe
        parser.standardInput = pipe
        parser.standardOutput = parserOutput
        try generator.runSerialized()
        try parser.runSerialized()
        generator.waitUntilExit()
        parser.waitUntilExit()
        #expect(generator.terminationStatus == 0)
        #expect(parser.terminationStatus == 0)
        let parsed = try JSONParser().parse(Array(parserOutput.fileHandleForReading.readDataToEndOfFile()))

        // The pipe consumed the generator's output; parsing the code once more must give the same report.
        guard case .string(let qrCode)? = parsed["input"] else {
            Issue.record("parse output has no input: \(parsed)")
            return
        }
        let reparsed = try runProcess(Executables.mhubctl, ["payload", "parse", "--json", qrCode])
        #expect(reparsed.status == 0)
        #expect(try JSONParser().parse(reparsed.output) == parsed)
        #expect(parsed["valid"] == true)
        guard case .array(let payloads)? = parsed["payloads"], let payload = payloads.first else {
            Issue.record("no payloads")
            return
        }
        #expect(payload["serialNumber"] == "A1")
        #expect(payload["commissioningFlow"] == "custom")
    }

    @Test func generatedJSONAndItsParseAreEqual() throws {
        let generated = try runProcess(
            Executables.mhubctl, ["payload", "generate", "--json", "--discovery", "ble,thread"])
        #expect(generated.status == 0)
        let parsed = try runProcess(Executables.mhubctl, ["payload", "parse", "--json", "-"], input: generated.output)
        #expect(parsed.status == 0, "\(parsed.errors)")
        #expect(try JSONParser().parse(parsed.output) == JSONParser().parse(generated.output))
    }

    @Test func exitStatusesAndOneLineErrors() throws {
        let malformed = try runProcess(Executables.mhubctl, ["payload", "parse", "MT:@@@@@"])
        #expect(malformed.status == 1)
        #expect(malformed.errors.split(separator: "\n").count == 1)
        #expect(malformed.errors.contains("is not a Base38 character"))

        let invalid = try runProcess(Executables.mhubctl, ["payload", "parse", "00852607537"])
        #expect(invalid.status == 1)
        #expect(invalid.errors.contains("[rule passcode-trivial]"))

        let usage = try runProcess(Executables.mhubctl, ["payload", "generate", "--bogus"])
        #expect(usage.status == 64)
        #expect(usage.errors == "mhubctl: unknown option --bogus (see 'mhubctl help payload generate')\n")

        let version = try runProcess(Executables.mhubctl, ["--version"])
        #expect(version.status == 0)
        #expect(version.output == "mhubctl \(MHubVersion.string)\n")
    }

    /// The QR code drawn in the terminal decodes with a real QR reader (zbarimg, Debian's zbar-tools).
    @Test func drawnQRCodeScansWithARealDecoder() throws {
        let zbarimg = URL(fileURLWithPath: "/usr/bin/zbarimg")
        try #require(
            FileManager.default.isExecutableFile(atPath: zbarimg.path),
            "zbarimg is missing: scripts/test.sh installs zbar-tools")
        let generated = try runProcess(Executables.mhubctl, ["payload", "generate", "--vendor", "0x1234"])
        #expect(generated.status == 0)
        let firstLine = try #require(generated.output.split(separator: "\n").first)
        let qrCode = String(firstLine.split(separator: " ").last ?? "")
        let art = generated.output.components(separatedBy: "\n\n").last ?? ""
        let image = FileManager.default.temporaryDirectory.appendingPathComponent("mhub-qr-\(getpid()).pgm")
        defer { try? FileManager.default.removeItem(at: image) }
        try pgm(fromHalfBlocks: art, scale: 6).write(to: image)
        let decoded = try runProcess(zbarimg, ["--raw", "-q", image.path])
        #expect(decoded.status == 0, "\(decoded.errors)")
        #expect(decoded.output.trimmingCharacters(in: .whitespacesAndNewlines) == qrCode)
        #expect(qrCode.hasPrefix("MT:"))
    }

    /// A greyscale image of half-block art: each character is two modules, one above the other.
    private func pgm(fromHalfBlocks art: String, scale: Int) -> Data {
        let lines = art.split(separator: "\n").map(Array.init)
        var rows: [[Bool]] = []
        for line in lines {
            rows.append(line.map { $0 == "█" || $0 == "▀" })
            rows.append(line.map { $0 == "█" || $0 == "▄" })
        }
        let width = (rows.map(\.count).max() ?? 0) * scale
        var data = Data("P5 \(width) \(rows.count * scale) 255\n".utf8)
        for row in rows {
            var line = [UInt8]()
            for dark in row {
                line += [UInt8](repeating: dark ? 0 : 255, count: scale)
            }
            line += [UInt8](repeating: 255, count: width - line.count)
            for _ in 0..<scale {
                data.append(contentsOf: line)
            }
        }
        return data
    }
}
