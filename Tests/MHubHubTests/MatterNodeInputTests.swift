import MHubCore
import MatterNode
import Testing

@testable import MHubHub

/// The hub's inputs from its Matter port and its window as their output: windows an administrator opens (with a
/// verifier the hub cannot show a code for) or revokes, CommissioningComplete, fabrics, sessions, the fail-safe.
@Suite struct MatterNodeInputTests {
    static let administrator = CommissioningWindow.Administrator(fabricIndex: 1, vendorID: 0xFFF1)
    static let verifier = [UInt8](repeating: 0x42, count: 97)
    static let salt = [UInt8](repeating: 0x07, count: 16)

    static func request(_ method: MatterAdministratorWindow.Method, _ timeout: UInt16) -> MatterAdministratorWindow {
        MatterAdministratorWindow(method: method, timeoutSeconds: timeout, fabricIndex: 1, vendorID: 0xFFF1)
    }

    @Test func theWindowIsAnOutputWheneverItOpensOrCloses() {
        var harness = HubHarness()
        let opened = harness.send("open_commissioning_window", ["timeout": 60])
        #expect(opened.outputs == [.windowChanged(harness.hub.window)])
        #expect(harness.hub.window?.passcode == 20_202_021)
        #expect(harness.send("close_commissioning_window").outputs == [.windowChanged(nil)])
        _ = harness.send("open_commissioning_window", ["timeout": 60])
        #expect(harness.advance(by: 60_000).outputs == [.windowChanged(nil)])
        // Reads change nothing the port follows.
        #expect(harness.send("get_commissioning_window").outputs.isEmpty)
    }

    @Test func anAdministratorsEnhancedWindowCarriesItsVerifierAndNoCode() {
        var harness = HubHarness()
        let outcome = harness.hub.administratorOpenedWindow(
            Self.request(
                .enhanced(verifier: Self.verifier, discriminator: 0xABC, iterations: 2000, salt: Self.salt), 300),
            now: harness.now)
        let window = harness.hub.window
        #expect(window?.secret == .verifier(Self.verifier))
        #expect(window?.passcode == nil)
        #expect(window?.enhanced == true)
        #expect(window?.discriminator == 0xABC)
        #expect(window?.iterations == 2000)
        #expect(window?.closesAt == harness.now + 300_000)
        #expect(outcome.outputs == [.windowChanged(window)])
        #expect(outcome.events.map(\.name) == ["commissioning_window_updated"])
        // Even the admin scope sees no code: the hub does not know the passcode.
        let json = harness.ok("get_commissioning_window")
        #expect(json["open"] == true && json["commissioning_mode"] == 2)
        #expect(json["setup_pin_code"] == nil && json["setup_qr_code"] == nil)
        #expect(json["opened_by"] == ["fabric_index": 1, "vendor_id": .integer(0xFFF1)])
        // A second request while it is open changes nothing.
        let second = harness.hub.administratorOpenedWindow(Self.request(.basic, 180), now: harness.now)
        #expect(second.isEmpty)
        #expect(harness.hub.window == window)
    }

    @Test func aBasicWindowFromAnAdministratorUsesTheConfiguredPasscode() {
        var harness = HubHarness()
        _ = harness.hub.administratorOpenedWindow(Self.request(.basic, 180), now: harness.now)
        #expect(harness.hub.window?.passcode == 20_202_021)
        #expect(harness.hub.window?.enhanced == false)
        #expect(harness.hub.window?.administrator == Self.administrator)
        #expect(harness.ok("get_commissioning_window")["setup_pin_code"] == 20_202_021)
    }

    @Test func commissioningCompleteAndRevocationCloseTheWindowWithTheirReasons() {
        var harness = HubHarness()
        _ = harness.ok("open_commissioning_window")
        let completed = harness.hub.matterCommissioningCompleted(now: harness.now)
        #expect(completed.outputs == [.windowChanged(nil)])
        #expect(harness.ok("get_commissioning_window")["close_reason"] == "commissioned")
        #expect(harness.hub.matterCommissioningCompleted(now: harness.now).isEmpty)
        _ = harness.ok("open_commissioning_window")
        #expect(harness.hub.administratorRevokedWindow(now: harness.now).outputs == [.windowChanged(nil)])
        #expect(harness.ok("get_commissioning_window")["close_reason"] == "revoked")
    }

    @Test func fabricsSessionsAndTheFailSafeAreKeptAsReported() {
        var harness = HubHarness()
        let fabric = MatterFabricSummary(
            fabricIndex: 1, vendorID: 0xFFF1, fabricID: 0xFAB1, nodeID: 0x1234,
            compressedFabricID: 0x87E1_B004_E235_A130,
            label: "", isCommitted: false)
        _ = harness.hub.matterFabricsChanged([fabric])
        #expect(harness.hub.matter.fabrics == [fabric])
        let session = MatterSessionSummary(
            kind: .case, localSessionID: 9, fabricIndex: 1, peerNodeID: 112_233, peer: "udp 127.0.0.1:5541")
        _ = harness.hub.matterSessionOpened(session, now: harness.now)
        #expect(harness.hub.matter.sessions == [9: HubMatterState.Session(summary: session, openedAt: harness.now)])
        _ = harness.hub.matterSessionClosed(localSessionID: 9)
        #expect(harness.hub.matter.sessions.isEmpty)
        _ = harness.ok("open_commissioning_window")
        _ = harness.hub.matterFailSafeExpired(now: harness.now + 5)
        #expect(harness.hub.matter.failSafeExpiredAt == harness.now + 5)
        // The window stays as it was when the fail-safe expires.
        #expect(harness.hub.window != nil)
        _ = harness.hub.matterFabricsChanged([])
        #expect(harness.hub.matter.fabrics.isEmpty)
    }
}
