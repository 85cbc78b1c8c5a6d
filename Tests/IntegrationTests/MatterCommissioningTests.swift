import Foundation
import MHubConfiguration
import MHubTestSupport
import MatterDataModel
import MatterInteraction
import MatterMessage
import MatterSecureChannel
import MatterTestSupport
import Testing

/// The real mhubd commissioned over UDP by the Swift commissioner (MatterTestSupport), stage by stage as a CHIP
/// controller runs them: then a kill -9 and a restart keep the fabric (a new CASE session works), and a fail-safe
/// left to expire rolls the fabric back (CASE to it gets NoSharedTrustRoots).
@Suite struct MatterCommissioningTests {
    static func transport(_ daemon: DaemonHarness) throws -> MatterSocketTransport {
        MatterSocketTransport(try MatterSocketClient(.udp, port: daemon.matterPort))
    }

    static func commissioner(seed: UInt64) throws -> MatterTestCommissioner {
        try MatterTestCommissioner(
            passcode: MatterPortTests.passcode, fabricID: 0xFAB1, hubNodeID: 0x1234, seed: seed)
    }

    @Test func aCommissionedFabricSurvivesAKill9() throws {
        let daemon = try MatterPortTests.daemon()
        var transport = try Self.transport(daemon)
        var commissioner = try Self.commissioner(seed: 61)
        #expect(try commissioner.commission(over: &transport) == 1)
        let hub = try daemon.connect(.unix)
        let window = try hub.call("get_commissioning_window", [:])
        #expect(window["open"] == false && window["close_reason"] == "commissioned")
        let fabrics = try commissioner.read(
            [
                AttributePathIB(endpoint: 0, cluster: 0x3E, attribute: 1),
                AttributePathIB(endpoint: 0, cluster: 0x3E, attribute: 5),
            ],
            over: &transport)
        #expect(fabrics.count == 2)
        #expect(fabrics.last.map { if case .data(_, _, .unsigned(1)) = $0 { true } else { false } } == true)
        #expect(daemon.log.contains("commissioning of fabric 1 completed"))

        daemon.killHard()
        try daemon.start()
        var again = try Self.transport(daemon)
        try commissioner.establishCASE(over: &again)
        let name = try commissioner.read([AttributePathIB(endpoint: 0, cluster: 0x28, attribute: 5)], over: &again)
        #expect(name.first.map { if case .data(_, _, .string("mhub")) = $0 { true } else { false } } != nil)
        #expect(daemon.log.contains("matter: 1 fabric(s): 1"))
        #expect(daemon.stop() == 0)
    }

    @Test func aFailSafeLeftToExpireRollsTheFabricBack() throws {
        let daemon = try MatterPortTests.daemon()
        var transport = try Self.transport(daemon)
        var commissioner = try Self.commissioner(seed: 62)
        try commissioner.pase(over: &transport)
        _ = try commissioner.readCommissioningInfo(over: &transport)
        #expect(try commissioner.armFailSafe(seconds: 2, breadcrumb: 1, over: &transport) == 0)
        let dac = try commissioner.certificateChain(type: 1, over: &transport)
        let key = try commissioner.csr(dac: dac, over: &transport)
        #expect(try commissioner.addTrustedRoot(over: &transport) == .success)
        #expect(try commissioner.addNOC(for: key, over: &transport).status == 0)
        // The fail-safe's 2 s pass without CommissioningComplete.
        #expect(daemon.waitForLog("the fail-safe expired", seconds: 10))
        let initiator = CASEInitiator(fabric: try commissioner.makeControllerFabric(), peerNodeID: 0x1234, seed: 63)
        #expect(
            try transport.converse(commissioner.controller.sigma1(initiator), controller: &commissioner.controller)
                == [.statusReport(StatusReport(generalCode: .failure, secureChannelCode: .noSharedTrustRoots))])
        // The window is still open: commissioning can start over.
        let window = try daemon.connect(.unix).call("get_commissioning_window", [:])
        #expect(window["open"] == true)
        #expect(daemon.stop() == 0)
    }
}
