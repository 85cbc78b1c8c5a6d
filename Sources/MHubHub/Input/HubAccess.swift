import MatterNode

/// What the daemon's ports (the Matter port, discovery) reach of whatever runs the hub (the daemon's hub service):
/// they submit inputs, read the views they serve from, and follow its outputs and state. Nothing else of the service
/// is theirs.
///
/// - Important: Used on the daemon's queue only.
public protocol HubAccess: AnyObject {
    /// Hands the hub an input: handled now, or after the input being handled.
    func submit(_ input: HubInput)
    /// The hub's time (`HubService.now`).
    func now() -> Timestamp
    /// The hub as it is, for a part that plans from the whole of it (the advertiser's records).
    var current: Hub { get }
    /// The home as the Matter node bridges it, for the call it is read in.
    var bridgeView: HubBridgeView { get }
    /// A simulated device's endpoints as its own Matter node serves them, for the call it is read in (nil when the
    /// device is not on the network).
    func deviceEndpoints(of device: SimulatedDeviceID) -> DeviceEndpoints?
    /// How a device's node behaves on the wire now, as the faults say.
    func wireFault(of device: SimulatedDeviceID) -> DeviceWireFault
    /// The hub's own commissioning window, as the Matter port serves it.
    var window: CommissioningWindow? { get }
    /// Calls `handler` with each output, once the input that made it is done.
    func onOutput(_ handler: @escaping (HubOutput) -> Void)
    /// Calls `observer` with the hub at once, then after every input.
    func observe(_ observer: @escaping (Hub) -> Void)
}
