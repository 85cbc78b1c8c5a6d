import MHubHub
import MatterNode

extension HubService: HubAccess {
    var bridgeView: HubBridgeView { current.bridgeView }
    var window: CommissioningWindow? { current.desk.window }
    func deviceEndpoints(of device: SimulatedDeviceID) -> DeviceEndpoints? { current.deviceEndpoints(of: device) }
    func wireFault(of device: SimulatedDeviceID) -> DeviceWireFault { current.wireFault(of: device) }
}
