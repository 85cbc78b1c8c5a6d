import MHubConfiguration
import MHubJSON
import MatterDataModel
import MatterOnboarding
import Testing

@testable import MHubHub

/// The casting video player as a Content App Platform (Device Library 10.3, 10.5): Application Launcher's LaunchApp,
/// StopApp and HideApp on the platform and on an app's own endpoint, the app's Application Basic Status and the
/// platform's CurrentApp following it, keys and launches sent to an app, and an app opened with the TV's remote.
@Suite struct ContentAppTests {
    static let films = AttributeValue.structure([0: .unsigned(0xFFF1), 1: .string("mhub.films")])
    static let filmsJSON: JSONValue = ["0": 0xFFF1, "1": "mhub.films"]
    static let radioJSON: JSONValue = ["0": 0xFFF1, "1": "mhub.radio"]

    /// A hub with one commissioned casting video player, node 1: the platform on endpoint 1, "mhub Films" on 2 and
    /// "mhub Radio" on 3.
    static func home() -> HubHarness {
        var harness = HubHarness(devices: [
            SimulatedDeviceDeclaration(template: "casting-video-player", discriminator: 100, passcode: 20_202_021)
        ])
        let code = try! SetupPayloadHelper.qr(discriminator: 100, passcode: 20_202_021)
        _ = harness.ok("commission_with_code", ["code": .string(code)])
        _ = harness.ok("start_listening")
        return harness
    }

    func value(_ harness: HubHarness, _ path: String) -> AttributeValue? {
        harness.hub.state.nodes[NodeID(1)]?.data[AttributePath(path)!]
    }

    /// Sends `name` to `cluster` on `endpoint` and gives its response (nil for an error).
    func command(
        _ harness: inout HubHarness, endpoint: Int64 = 1, cluster: Int64 = 0x050C, _ name: String,
        _ payload: JSONValue = [:]
    ) -> JSONValue? {
        harness.send(
            "device_command",
            [
                "node_id": 1, "endpoint_id": .integer(endpoint), "cluster_id": .integer(cluster),
                "command_name": .string(name), "payload": payload,
            ]
        ).result(for: 1)
    }

    @Test func theAppsAreContentAppEndpointsOfThePlatform() {
        let harness = Self.home()
        #expect(value(harness, "1/1292/65532") == .unsigned(1))  // ApplicationPlatform
        #expect(value(harness, "1/1292/0") == .list([.unsigned(0xFFF1)]))
        #expect(value(harness, "1/1292/1") == .null)
        #expect(value(harness, "1/29/3") == .list([.unsigned(2), .unsigned(3)]))
        #expect(value(harness, "2/1293/2") == .string("mhub Films"))
        #expect(value(harness, "3/1293/2") == .string("mhub Radio"))
        #expect(value(harness, "2/1293/4") == Self.films)
        #expect(value(harness, "2/1293/5") == .unsigned(0))
        #expect(value(harness, "2/1292/65532") == .unsigned(0))
    }

    @Test func launchHideAndStopOnThePlatform() {
        var harness = Self.home()
        _ = command(&harness, cluster: 0x0006, "Off")
        #expect(command(&harness, "LaunchApp", ["application": Self.filmsJSON])?["status"] == 0)
        #expect(value(harness, "2/1293/5") == .unsigned(1))  // ActiveVisibleFocus
        #expect(value(harness, "1/1292/1") == .structure([0: Self.films, 1: .unsigned(2)]))
        #expect(value(harness, "1/6/0") == .bool(true))  // the TV woke to open it
        // Another app launched takes the focus; the first goes to the background.
        #expect(command(&harness, "LaunchApp", ["application": Self.radioJSON])?["status"] == 0)
        #expect(value(harness, "3/1293/5") == .unsigned(1))
        #expect(value(harness, "2/1293/5") == .unsigned(2))  // ActiveHidden
        guard case .structure(let current)? = value(harness, "1/1292/1") else {
            Issue.record("no CurrentApp")
            return
        }
        #expect(current[1] == .unsigned(3))
        // Hidden, nothing is in focus.
        #expect(command(&harness, "HideApp", ["application": Self.radioJSON])?["status"] == 0)
        #expect(value(harness, "3/1293/5") == .unsigned(2))
        #expect(value(harness, "1/1292/1") == .null)
        #expect(command(&harness, "StopApp", ["application": Self.filmsJSON])?["status"] == 0)
        #expect(value(harness, "2/1293/5") == .unsigned(0))  // Stopped
        // Hiding a stopped app starts nothing.
        #expect(command(&harness, "HideApp", ["application": Self.filmsJSON])?["status"] == 0)
        #expect(value(harness, "2/1293/5") == .unsigned(0))
    }

    @Test func anAppThePlatformDoesNotHaveIsNotAvailable() {
        var harness = Self.home()
        let unknown: JSONValue = ["0": 0xFFF1, "1": "com.example.none"]
        #expect(command(&harness, "LaunchApp", ["application": unknown])?["status"] == 1)  // AppNotAvailable
        // The same ID in another catalog is another app.
        let elsewhere: JSONValue = ["0": 0, "1": "mhub.films"]
        #expect(command(&harness, "StopApp", ["application": elsewhere])?["status"] == 1)
        #expect(value(harness, "1/1292/1") == .null)
        #expect(value(harness, "2/1293/5") == .unsigned(0))
        // On the platform the application is mandatory.
        #expect(command(&harness, "LaunchApp") == nil)
    }

    @Test func theAppsOwnLauncherActsOnTheApp() {
        var harness = Self.home()
        #expect(command(&harness, endpoint: 3, "LaunchApp")?["status"] == 0)
        #expect(value(harness, "3/1293/5") == .unsigned(1))
        #expect(value(harness, "1/1292/1") == .structure([0: value(harness, "3/1293/4")!, 1: .unsigned(3)]))
        #expect(command(&harness, endpoint: 3, "StopApp")?["status"] == 0)
        #expect(value(harness, "3/1293/5") == .unsigned(0))
        #expect(value(harness, "1/1292/1") == .null)
    }

    @Test func keysAndLaunchesSentToAnAppPlayOnThePlayer() {
        var harness = Self.home()
        // A stopped app takes no keys.
        #expect(command(&harness, endpoint: 2, cluster: 0x0509, "SendKey", ["keyCode": 0x44])?["status"] == 2)
        #expect(value(harness, "1/1286/0") == .unsigned(2))
        // Content launched through the app plays on the player, in the app, which takes the focus.
        let search: JSONValue = ["0": [["0": 13, "1": "Big Buck Bunny"]]]
        #expect(
            command(&harness, endpoint: 2, cluster: 0x050A, "LaunchContent", ["search": search, "autoPlay": true])?[
                "status"] == 0)
        #expect(value(harness, "1/1286/0") == .unsigned(0))  // playing
        #expect(value(harness, "2/1293/5") == .unsigned(1))
        #expect(value(harness, "1/1292/1") == .structure([0: Self.films, 1: .unsigned(2)]))
        // Its Pause key pauses the player.
        #expect(command(&harness, endpoint: 2, cluster: 0x0509, "SendKey", ["keyCode": 0x46])?["status"] == 0)
        #expect(value(harness, "1/1286/0") == .unsigned(1))
    }

    @Test func anAppOpenedWithTheTVsRemoteIsTheCurrentApp() {
        var harness = Self.home()
        _ = harness.ok("set_attribute", ["node_id": 1, "attribute_path": "3/1293/5", "value": 1])
        #expect(value(harness, "1/1292/1") == .structure([0: value(harness, "3/1293/4")!, 1: .unsigned(3)]))
        _ = harness.ok("set_attribute", ["node_id": 1, "attribute_path": "2/1293/5", "value": 1])
        #expect(value(harness, "3/1293/5") == .unsigned(2))
        #expect(value(harness, "1/1292/1") == .structure([0: Self.films, 1: .unsigned(2)]))
        _ = harness.ok("set_attribute", ["node_id": 1, "attribute_path": "2/1293/5", "value": 0])
        #expect(value(harness, "1/1292/1") == .null)
    }
}
