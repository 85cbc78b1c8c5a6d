import Foundation
import MHubProtocol
import Testing

@testable import MHubControl

/// What `mhubctl sim show` says of a device on the network in the states the integration test cannot reach at will:
/// a node that does not listen yet, one that could not start, wrong passcodes, a fabric under the fail-safe.
@Suite struct SimulatedDeviceReportTests {
    static func device(_ node: DeviceMatterNodeInfo?) -> SimulatedDeviceInfo {
        var device = SimulatedDeviceInfo(
            id: 3, template: "on-off-light", name: "Desk", vendorID: 0xFFF1, productID: 0x8001, discriminator: 2021,
            passcode: 34_567_890, serialNumber: "MHUB-000003", qrCode: "MT:-24J0C0R156JVH7SR00",
            manualCode: "16318621093", manualCodeGrouped: "1631-862-1093", commissionable: true, nodeID: nil,
            reachable: true, network: "ethernet",
            firmware: FirmwareStatus(softwareVersion: 1, softwareVersionString: "0.1.0", update: nil))
        device.matterNode = node
        return device
    }

    static func node(port: UInt16?, open: Bool, problem: String? = nil, fabrics: [MatterFabricInfo] = [])
        -> DeviceMatterNodeInfo
    {
        DeviceMatterNodeInfo(
            nodeID: 7, port: port, commissioningWindowOpen: open, problem: problem, fabrics: fabrics, sessions: 1)
    }

    static func line(_ label: String, _ text: String) -> String? {
        text.split(separator: "\n").first { $0.hasPrefix(label + " ") }
            .map { String($0.dropFirst(label.count)).trimmingCharacters(in: .whitespaces) }
    }

    @Test func aClosedWindowSaysWhyAndDrawsNoQRCode() {
        let starting = SimulatedDeviceReport.shown(
            Self.device(Self.node(port: nil, open: false)), qr: true, ansiColors: false)
        #expect(Self.line("UDP port", starting) == "- (not listening)")
        #expect(Self.line("Window", starting) == "closed: its node is not listening yet")
        #expect(!starting.contains("▀"), "a QR code drawn for a closed window")

        let problem = "its commissioning window closed after too many wrong passcodes"
        let locked = SimulatedDeviceReport.shown(
            Self.device(Self.node(port: 5541, open: false, problem: problem)), qr: true, ansiColors: false)
        #expect(Self.line("Window", locked) == "closed: \(problem)")

        let fabric = MatterFabricInfo(
            fabricIndex: 2, vendorID: 0x130D, fabricID: "000000000000FAB2", nodeID: "0000000000005151",
            compressedFabricID: "2B7E1516C3A1F9D0", label: "", committed: false)
        let joining = SimulatedDeviceReport.shown(
            Self.device(Self.node(port: 5541, open: false, fabrics: [fabric])), qr: true, ansiColors: false)
        #expect(Self.line("Window", joining) == "closed")
        let row = joining.split(separator: "\n").first { $0.hasPrefix("2 ") }
        #expect(
            row?.split(separator: " ", omittingEmptySubsequences: true) == [
                "2", "0x130D", "000000000000FAB2", "0000000000005151", "-", "under", "the", "fail-safe",
            ])
    }

    @Test func anOpenWindowAndADeviceOffTheNetworkDrawTheQRCode() {
        let open = SimulatedDeviceReport.shown(
            Self.device(Self.node(port: 5541, open: true)), qr: true, ansiColors: false)
        #expect(Self.line("Matter node", open) == "7 (its state: mhubctl device read 7 PATH)")
        #expect(Self.line("Window", open) == "open")
        #expect(open.contains("▀"))
        #expect(
            !SimulatedDeviceReport.shown(Self.device(Self.node(port: 5541, open: true)), qr: false, ansiColors: false)
                .contains("▀"))
        let offTheNetwork = SimulatedDeviceReport.shown(Self.device(nil), qr: true, ansiColors: false)
        #expect(Self.line("Matter node", offTheNetwork) == nil && offTheNetwork.contains("▀"))
        let table = SimulatedDeviceReport.table([
            Self.device(nil), Self.device(Self.node(port: nil, open: false)),
            Self.device(Self.node(port: 5541, open: true)),
        ])
        // Cells are two spaces apart; ON NETWORK is the fifth column.
        let cells = table.split(separator: "\n").map { row in
            row.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        #expect(cells.map { $0.count > 4 ? $0[4] : "" } == ["ON NETWORK", "-", "not listening", "udp 5541"])
    }
}
