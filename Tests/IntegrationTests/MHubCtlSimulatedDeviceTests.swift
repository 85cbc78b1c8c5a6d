import Foundation
import MHubJSON
import MatterTestSupport
import Testing

/// `mhubctl sim add --on-network`, `sim show` and `sim list` against the real mhubd with ephemeral Matter ports: a
/// device on the network is printed with its own node's port and QR code, and once a controller commissions it over
/// UDP, `sim show` has its fabric and its closed window and draws no QR code.
@Suite struct MHubCtlSimulatedDeviceTests {
    static let passcode: UInt32 = 34_567_890

    /// The text mhubctl printed, with the exit status expected.
    static func mhubctl(_ daemon: DaemonHarness, _ arguments: String..., status: Int32 = 0) throws -> ProcessResult {
        let result = try runProcess(Executables.mhubctl, ["--socket", daemon.socketPath] + arguments)
        #expect(result.status == status, "mhubctl \(arguments.joined(separator: " ")): \(result.errors)")
        return result
    }

    /// The value after `label` on its own line of a report (`UDP port       5541`).
    static func value(_ label: String, in text: String) -> String? {
        text.split(separator: "\n").first { $0.hasPrefix(label + " ") }
            .map { String($0.dropFirst(label.count)).trimmingCharacters(in: .whitespaces) }
    }

    /// Whether a QR code is drawn (half blocks, plain text as mhubctl writes it to a pipe).
    static func drawsQRCode(_ text: String) -> Bool {
        text.split(separator: "\n").filter { $0.contains("█") || $0.contains("▀") }.count > 10
    }

    @Test func aDeviceOnTheNetworkIsPrintedWithItsPortWindowAndFabrics() throws {
        let daemon = try DaemonHarness(configuration: ["matter": ["port": 0, "device_port_base": 0]])
        try daemon.start()
        let added = try Self.mhubctl(
            daemon, "sim", "add", "on-off-light", "--on-network", "--name", "Desk", "--discriminator", "2021",
            "--passcode", String(Self.passcode), "--network", "ethernet"
        ).output
        #expect(added.hasPrefix("simulated device 3: Desk (on-off-light)\nQR code        MT:"), "\(added)")
        let port = try #require(Self.value("UDP port", in: added).flatMap { UInt16($0) }, "\(added)\n\(daemon.log)")
        #expect(port != daemon.matterPort)
        #expect(Self.value("Window", in: added) == "open")
        #expect(Self.drawsQRCode(added))

        // The JSON of `sim show` is the hub's: the port mhubctl printed, the node that holds its state.
        let json = try JSONParser().parse(try Self.mhubctl(daemon, "sim", "show", "3", "--json").output)
        #expect(json["matter_node"]?["port"] == .integer(Int64(port)))
        guard case .integer(let nodeID)? = json["matter_node"]?["node_id"] else {
            Issue.record("no matter_node.node_id in \(json)")
            return
        }
        let list = try Self.mhubctl(daemon, "sim", "list").output
        let rows = list.split(separator: "\n")
        #expect(rows.first?.contains("ON NETWORK") == true, "\(list)")
        #expect(rows.first { $0.hasPrefix("3 ") }?.contains("udp \(port)") == true, "\(list)")
        #expect(rows.first { $0.hasPrefix("1 ") }?.contains("udp") == false, "\(list)")

        let waiting = try Self.mhubctl(daemon, "sim", "show", "3").output
        #expect(Self.value("Matter node", in: waiting)?.hasPrefix("\(nodeID) ") == true, "\(waiting)")
        #expect(Self.value("UDP port", in: waiting) == String(port))
        #expect(Self.value("Window", in: waiting) == "open")
        #expect(Self.value("Sessions", in: waiting) == "0")
        #expect(Self.value("Fabrics", in: waiting) == "none")
        #expect(Self.drawsQRCode(waiting))

        // A controller commissions it over UDP with its own passcode: on a fabric, its window closes.
        var transport = MatterSocketTransport(try MatterSocketClient(.udp, port: port))
        var commissioner = try MatterTestCommissioner(
            passcode: Self.passcode, fabricID: 0xFAB2, hubNodeID: 0x5151, seed: 601)
        #expect(try commissioner.commission(over: &transport) == 1)
        var joined = ""
        for _ in 0..<40 {
            joined = try Self.mhubctl(daemon, "sim", "show", "3").output
            if Self.value("Window", in: joined) != "open" { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(Self.value("Window", in: joined) == "closed: it is on a fabric", "\(joined)")
        #expect(Self.value("Sessions", in: joined).flatMap { Int($0) }.map { $0 >= 1 } == true, "\(joined)")
        #expect(!Self.drawsQRCode(joined), "a QR code drawn for a closed window:\n\(joined)")
        let shown = try JSONParser().parse(try Self.mhubctl(daemon, "sim", "show", "3", "--json").output)
        guard case .array(let fabrics)? = shown["matter_node"]?["fabrics"], let fabric = fabrics.first else {
            Issue.record("no fabric in sim show --json: \(shown)")
            return
        }
        let header = joined.split(separator: "\n").first { $0.hasPrefix("FABRIC ") }
        #expect(
            header?.split(separator: " ", omittingEmptySubsequences: true) == [
                "FABRIC", "VENDOR", "FABRIC", "ID", "NODE", "ID", "LABEL", "STATE",
            ])
        let row = joined.split(separator: "\n").first { $0.hasPrefix("1 ") }.map(String.init) ?? ""
        guard case .string(let fabricID)? = fabric["fabric_id"], case .string(let fabricNode)? = fabric["node_id"]
        else {
            Issue.record("a fabric without its IDs: \(fabric)")
            return
        }
        #expect(row.contains("0xFFF1") && row.contains(fabricID) && row.contains(fabricNode), "\(joined)")
        #expect(row.hasSuffix("commissioned"), "\(row)")

        // A device that is not on the network has no node of its own to show; an unknown one is a failure.
        let lamp = try Self.mhubctl(daemon, "sim", "show", "1").output
        #expect(Self.value("Matter node", in: lamp) == nil && Self.value("State", in: lamp) == "commissionable by mhub")
        #expect(Self.drawsQRCode(lamp))
        let missing = try Self.mhubctl(daemon, "sim", "show", "99", status: 1)
        #expect(missing.errors == "mhubctl: SimulatedDeviceNotFound: no simulated device 99\n")
        _ = try Self.mhubctl(daemon, "sim", "show", "lamp", status: 64)
        #expect(daemon.stop() == 0)
    }

    @Test func theHelpNamesOnNetworkAndShow() throws {
        let add = try runProcess(Executables.mhubctl, ["help", "sim", "add"]).output
        #expect(add.contains("--on-network") && add.contains("--network NET"), "\(add)")
        let sim = try runProcess(Executables.mhubctl, ["help", "sim"]).output
        #expect(sim.contains("show"), "\(sim)")
    }
}
