import MHubClient
import MHubJSON
import MHubTesting
import XCTest

/// The helper as an XCTest case uses it: one hub per test, with a simulated lamp declared, stopped in tearDown.
final class MHubTestHubXCTests: XCTestCase {
    var hub: MHubTestHub!

    override func setUpWithError() throws {
        let lamp: JSONValue = [
            "template": "on-off-light", "name": "Lamp", "discriminator": 1234, "passcode": 20_202_021,
        ]
        hub = try MHubTestHub.start(.init(configuration: ["simulated_devices": [lamp]]))
    }

    override func tearDown() {
        hub?.stop()
        hub = nil
    }

    func testALampCommissionedThroughTheGoogleHomeFlowTurnsOn() async throws {
        let client = try hub.connect()
        // The lamp joins Wi-Fi: the hub gives it the network it was told, as a real commissioner does.
        try await client.setWiFiCredentials(ssid: "Test Wi-Fi", credentials: "correct horse")
        _ = try await client.prepareForMatterCommissioning()
        let node = try await client.commissionMatterDevice(onboardingPayload: "MT:-24J0Q1212-10648G00")
        try await client.configureMatterDevice(deviceName: "Desk lamp", roomName: nil)
        let added = try await client.completeMatterCommissioning()
        XCTAssertEqual(added.nodeIDs, [node])
        _ = try await client.sendCommand(nodeID: node, endpoint: 1, cluster: 6, command: "On")
        let values = try await client.readAttributes(nodeID: node, paths: ["1/6/0"])
        XCTAssertEqual(values["1/6/0"], .bool(true))
    }
}
