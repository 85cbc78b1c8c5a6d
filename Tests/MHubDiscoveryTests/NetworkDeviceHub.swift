import MHubConfiguration
import MHubHub
import MHubJSON
import MatterNode

@testable import MHubDiscovery

/// A hub with no configured device, to which a test adds simulated devices as a client does and whose device nodes
/// report as their ports would (`HubInput.deviceNode`), planned by a `PlannerHarness`.
struct NetworkDeviceHub {
    var hub: Hub
    var planner = PlannerHarness()
    var now: Timestamp = 1_800_000_000_000
    private var nextMessage = 0

    static let admin = ClientInfo(connectionID: 1, principal: Principal("uid:0"), scope: .admin, peer: "test")
    /// The fabric a controller commissions a device onto: its compressed fabric ID and the device's node ID on it.
    static let controllerFabric: UInt64 = 0x1122_3344_5566_7788
    static let deviceNodeID: UInt64 = 0x0000_0000_0000_ABCD

    init() {
        let settings = HubSettings(DaemonConfiguration())
        let (state, _) = Hub.initialState(settings: settings, random: .seeded(3))
        hub = Hub(state: state, settings: settings, random: .seeded(4))
    }

    /// Adds an on-off light named "Porch" (vendor 0xFFF1, product 0x8001) and returns its ID.
    mutating func addLight(discriminator: UInt16, onNetwork: Bool) -> SimulatedDeviceID {
        let reply = request(
            "add_simulated_device",
            [
                "template": "on-off-light", "name": "Porch", "discriminator": .integer(Int64(discriminator)),
                "passcode": 20_202_021, "vendor_id": 0xFFF1, "product_id": 0x8001, "on_network": .bool(onNetwork),
            ])
        guard case .integer(let id)? = reply?["simulated_device_id"] else {
            fatalError("add_simulated_device failed: \(String(describing: reply))")
        }
        return id
    }

    /// The result of a request, `nil` if it failed.
    @discardableResult
    mutating func request(_ command: String, _ args: JSONValue) -> JSONValue? {
        nextMessage += 1
        let outcome = hub.handle(
            HubRequest(messageID: .string(String(nextMessage)), command: command, args: args), from: Self.admin,
            now: now)
        guard let reply = outcome.replies.last, case .success(let value) = reply.result else { return nil }
        return value
    }

    /// Device `id`'s node reports, as its port does.
    mutating func report(_ id: SimulatedDeviceID, _ report: DeviceNodeReport) {
        _ = hub.handle(.deviceNode(id, report), now: now)
    }

    /// Device `id`'s node is on the controller's fabric, committed or still under the fail-safe.
    mutating func joinFabric(_ id: SimulatedDeviceID, committed: Bool) {
        let summary = MatterFabricSummary(
            fabricIndex: 1, vendorID: 0xFFF1, fabricID: 1, nodeID: Self.deviceNodeID,
            compressedFabricID: Self.controllerFabric, label: "", isCommitted: committed)
        report(id, .matter(.fabricsChanged([summary])))
    }

    var facts: AdvertisingFacts { AdvertisingFacts(hub: hub) }

    mutating func plan() -> AdvertisingPlan {
        planner.plan(facts)
    }
}
