import MatterNode

/// Which of the daemon's Matter nodes asks: the hub's own (the bridge), a simulated device's own on the network, or
/// the HomeKit face, which serves the bridge's endpoints to HomeKit controllers.
public enum MatterNodeKey: Hashable, Sendable {
    case hub
    case device(SimulatedDeviceID)
    case homeKit

    /// The connection ID its waiting requests count under, for the per-connection quota: one per node, above every
    /// control connection's.
    var connectionID: UInt64 {
        switch self {
        case .hub: UInt64.max
        case .homeKit: UInt64.max / 2
        case .device(let id): UInt64.max - 1 - UInt64(truncatingIfNeeded: id)
        }
    }

    /// The output that carries the answer to its request `requestID`.
    func answer(_ requestID: UInt64, _ answer: BridgedAnswer) -> HubOutput {
        switch self {
        case .hub: .bridgedAnswer(requestID: requestID, answer)
        case .device(let id): .deviceNode(id, .answered(requestID: requestID, answer))
        case .homeKit: .homeKitAnswer(requestID: requestID, answer)
        }
    }
}
