import MHubConfiguration
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
        #expect(opened.outputs == [.windowChanged(harness.hub.desk.window)])
        #expect(harness.hub.desk.window?.passcode == 20_202_021)
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
        let window = harness.hub.desk.window
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
        #expect(harness.hub.desk.window == window)
    }

    @Test func aBasicWindowFromAnAdministratorUsesTheConfiguredPasscode() {
        var harness = HubHarness()
        _ = harness.hub.administratorOpenedWindow(Self.request(.basic, 180), now: harness.now)
        #expect(harness.hub.desk.window?.passcode == 20_202_021)
        #expect(harness.hub.desk.window?.enhanced == false)
        #expect(harness.hub.desk.window?.administrator == Self.administrator)
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
        #expect(harness.hub.run.matter.fabrics == [fabric])
        let session = MatterSessionSummary(
            kind: .case, localSessionID: 9, fabricIndex: 1, peerNodeID: 112_233, peer: "udp 127.0.0.1:5541")
        _ = harness.hub.matterSessionOpened(session, now: harness.now)
        #expect(harness.hub.run.matter.sessions == [9: HubMatterState.Session(summary: session, openedAt: harness.now)])
        _ = harness.hub.matterSessionClosed(localSessionID: 9, reason: "idle")
        #expect(harness.hub.run.matter.sessions.isEmpty)
        _ = harness.ok("open_commissioning_window")
        _ = harness.hub.matterFailSafeExpired(now: harness.now + 5)
        #expect(harness.hub.run.matter.failSafeExpiredAt == harness.now + 5)
        // The window stays as it was when the fail-safe expires.
        #expect(harness.hub.desk.window != nil)
        _ = harness.hub.matterFabricsChanged([])
        #expect(harness.hub.run.matter.fabrics.isEmpty)
    }

    /// Listeners of mhub's events hear fabrics added, committed and removed, and sessions opened and closed; the
    /// control socket lists them and removes a fabric through the node, replying once the node saved it.
    @Test func fabricsAndSessionsReachTheControlSocket() {
        var harness = HubHarness()
        _ = harness.ok("start_listening", ["events": "all"])
        let pending = MatterFabricSummary(
            fabricIndex: 1, vendorID: 0xFFF1, fabricID: 0xFAB1, nodeID: 0x1234,
            compressedFabricID: 0x87E1_B004_E235_A130,
            label: "", isCommitted: false)
        var committed = pending
        committed.isCommitted = true
        let added = harness.hub.matterFabricsChanged([pending])
        #expect(added.events.map(\.name) == ["fabric_added"])
        #expect(added.events[0].data["compressed_fabric_id"] == "87E1B004E235A130")
        #expect(added.events[0].data["committed"] == false)
        #expect(harness.hub.matterFabricsChanged([committed]).events.map(\.name) == ["fabric_updated"])
        #expect(harness.hub.matterFabricsChanged([committed]).events.isEmpty)
        let session = MatterSessionSummary(
            kind: .case, localSessionID: 9, fabricIndex: 1, peerNodeID: 112_233, peer: "udp [fe80::2%mh0]:5541")
        #expect(
            harness.hub.matterSessionOpened(session, now: harness.now).events.map(\.name) == ["matter_session_opened"])
        let listed = harness.ok("get_fabrics")
        guard case .array(let fabrics)? = listed["fabrics"], case .array(let sessions)? = listed["sessions"] else {
            Issue.record("get_fabrics has no lists: \(listed)")
            return
        }
        #expect(fabrics.count == 1)
        #expect(sessions.first?["peer_node_id"] == "000000000001B669")
        #expect(listed["supported_fabrics"] == 5)

        #expect(harness.error("remove_fabric", ["fabric_index": 3])?.code == .fabricNotFound)
        #expect(harness.error("remove_fabric", ["fabric_index": 1], as: HubHarness.reader)?.code == .unauthorized)
        let removing = harness.send("remove_fabric", ["fabric_index": 1])
        #expect(removing.replies.isEmpty)
        guard case .removeFabric(1, let requestID)? = removing.outputs.first else {
            Issue.record("no removeFabric output: \(removing.outputs)")
            return
        }
        // The node saved the smaller table: its report, then the reply.
        #expect(harness.hub.matterFabricsChanged([]).events.map(\.name) == ["fabric_removed"])
        let done = harness.hub.matterFabricRemovalDone(requestID: requestID, succeeded: true, now: harness.now)
        #expect(done.replies.first?.result == .success(["fabric_index": 1, "removed": true]))
        let closed = harness.hub.matterSessionClosed(localSessionID: 9, reason: "its fabric was removed")
        #expect(closed.events.first?.data["reason"] == "its fabric was removed")

        // A failed save: StorageFailed, and the fabric stays.
        _ = harness.hub.matterFabricsChanged([committed])
        guard case .removeFabric(1, let second)? = harness.send("remove_fabric", ["fabric_index": 1]).outputs.first
        else {
            Issue.record("no second removeFabric output")
            return
        }
        let failed = harness.hub.matterFabricRemovalDone(requestID: second, succeeded: false, now: harness.now)
        guard case .failure(let error)? = failed.replies.first?.result else {
            Issue.record("the failed removal did not fail")
            return
        }
        #expect(error.code == .storageFailed)
        #expect(harness.hub.run.matter.fabrics == [committed])
    }
}
