import Foundation
import MHubClient
import MHubJSON
import MatterTestSupport
import Testing

/// Everything secret that mhubd makes comes from the system's secure generator (issue 11 point 7), not from a seed:
/// two fresh daemons, asked the same things in the same order, make different fabric IDs, window passcodes,
/// simulated devices' codes and session IDs. A seeded generator (`HubRandom.seeded`) would make them equal.
@Suite struct SecretRandomnessTests {
    /// What one fresh hub makes, in a fixed order of requests.
    static func secrets(of daemon: DaemonHarness) throws -> [String: JSONValue] {
        try daemon.start()
        let hub = try daemon.connect(.unix)
        let info = try hub.call("server_info")
        let firstWindow = try hub.call("open_commissioning_window", ["enhanced": true])
        // PASE in the enhanced window: its PBKDFParamResponse carries the window's salt and a session ID.
        guard case .integer(let passcode)? = firstWindow["setup_pin_code"] else {
            throw TestFailure("no setup_pin_code in \(firstWindow)")
        }
        var controller = MatterTestController(passcode: UInt32(passcode), seed: 5)
        let client = try MatterSocketClient(.udp, port: daemon.matterPort)
        #expect(try controller.converse(controller.pbkdfParamRequest(), over: client) == [.established])
        _ = try hub.call("close_commissioning_window")
        let secondWindow = try hub.call("open_commissioning_window", ["enhanced": true])
        _ = try hub.call("close_commissioning_window")
        let device = try hub.call("add_simulated_device", ["template": "on-off-light"])
        let session = try hub.call("prepare_commissioning")
        _ = try hub.call("cancel_commissioning")
        #expect(daemon.stop() == 0)
        return [
            "fabric_id": info["fabric_id"] ?? .null,
            "compressed_fabric_id": info["compressed_fabric_id"] ?? .null,
            "window_passcode": firstWindow["setup_pin_code"] ?? .null,
            "second_window_passcode": secondWindow["setup_pin_code"] ?? .null,
            "device_code": [device["passcode"] ?? .null, device["discriminator"] ?? .null],
            "session_id": session["session_id"] ?? .null,
            "window_salt": .array(controller.pbkdfSalt.map { .integer(Int64($0)) }),
            "pase_session_id": controller.session.map { .integer(Int64($0.peerSessionID)) } ?? .null,
        ]
    }

    @Test func twoFreshHubsMakeDifferentSecrets() throws {
        let one = try Self.secrets(of: DaemonHarness())
        let other = try Self.secrets(of: DaemonHarness())
        for key in one.keys.sorted() {
            #expect(one[key] != .null, "\(key) is missing")
            #expect(one[key] != other[key], "\(key) is the same in two fresh hubs: \(String(describing: one[key]))")
        }
        #expect(one["window_passcode"] != one["second_window_passcode"])
        #expect(other["window_passcode"] != other["second_window_passcode"])
    }
}
