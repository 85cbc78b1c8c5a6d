import Foundation
import MHubClient
import MHubConfiguration
import Testing

/// What the OHF node commands say comes from the running hub, and quotas are answered with an error.
@Suite struct HubAnswersTests {
    @Test func whereANodeIsComesFromTheRunningHub() throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        let hub = try daemon.connect(.unix)
        guard case .array(let found) = try hub.call("discover"),
            let lamp = found.first(where: { $0["long_discriminator"] == 1234 })
        else {
            Issue.record("discover found no lamp")
            return
        }
        #expect(lamp["port"] == .integer(Int64(daemon.matterPort)))
        guard case .string(let host)? = lamp["host_name"] else {
            Issue.record("no host name in \(lamp)")
            return
        }
        #expect(host.hasSuffix(".local."))
        // Not advertised (dns_sd is off here): no instance name is made up.
        #expect(lamp["instance_name"] == .null)
        #expect(try hub.call("commission_with_code", ["code": .string(DaemonHarness.lampQR)])["node_id"] == 1)
        let addresses = try hub.call("get_node_ip_addresses", ["node_id": 1]).arrayValueForTest
        #expect(addresses.contains("127.0.0.1"))
        #expect(try hub.call("ping_node", ["node_id": 1])["127.0.0.1"] == true)
        // A passcode no device could have is refused as such, not as a bad onboarding payload.
        let refused = hub.errorCode("commission_on_network", ["setup_pin_code": 12_345_678])
        #expect(refused == 8)
        #expect(daemon.stop() == 0)
    }

    @Test func quotasAreRefusedWithTheirErrorAndChangeNothing() throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        let hub = try daemon.connect(.unix)
        for index in 1..<64 {
            _ = try hub.call("create_structure", ["name": .string("Home \(index)")])
        }
        #expect(hub.errorCode("create_structure", ["name": "one too many"]) == 225)
        #expect(try hub.call("get_structures").arrayValueForTest.count == 64)
        #expect(daemon.stop() == 0)
    }
}
