import MatterDataModel

/// The `appliance_error` fault: an appliance that reports an error until the fault is switched off (docs/devices.md,
/// "Reachability and timing").
///
/// It is what the machine itself reports of a fault (`DeviceLogic.physical`), so each kind does what it does about one:
/// on an operational state cluster (Operational State 0x0060, RVC Operational State 0x0061, Oven Cavity Operational
/// State 0x0048; Application Cluster Specification 1.14.5, 7.4) OperationalError gets the ErrorStateID, with
/// OperationalState Error, the OperationalError event and a program under way held; on an Energy EVSE (0x0099, 9.3)
/// FaultState gets it, with the charger's State and SupplyState and the Fault event following. Switched off, the
/// error clears the same way: NoError (a held program waits Paused for Resume), FaultState NoError.
public struct ApplianceFault: Hashable, Sendable {
    /// The ErrorStateID or FaultState reported.
    public var error: UInt8

    static let operationalStates: [ClusterID] = [0x0060, 0x0061, 0x0048]
    static let evse: ClusterID = 0x0099

    /// Where a device of `data` reports an error: each operational state's OperationalError (0x0005) and each
    /// charger's FaultState (0x0002).
    static func paths(in data: NodeData) -> [AttributePath] {
        data.endpoints.keys.sorted().flatMap { endpoint -> [AttributePath] in
            let clusters = data.endpoints[endpoint]?.clusters ?? [:]
            return operationalStates.filter { clusters[$0] != nil }.map {
                AttributePath(endpoint: endpoint, cluster: $0, attribute: 0x0005)
            } + (clusters[evse] != nil ? [AttributePath(endpoint: endpoint, cluster: evse, attribute: 0x0002)] : [])
        }
    }

    /// The error reported when none is given: a robot Stuck (0x41), another appliance UnableToCompleteOperation
    /// (0x02), a charger GroundFault (0x07).
    static func defaultError(in data: NodeData) -> UInt8 {
        let clusters = Set(data.endpoints.values.flatMap(\.clusters.keys))
        if clusters.contains(0x0061) { return 0x41 }
        if clusters.contains(0x0060) || clusters.contains(0x0048) { return 0x02 }
        return 0x07
    }

    /// The value the machine reports at `path` while the fault is on (`error`), or once it is off (`nil`).
    static func reported(_ error: UInt8?, at path: AttributePath) -> AttributeValue {
        guard path.cluster != evse else { return .unsigned(UInt64(error ?? 0)) }
        guard let error else { return DeviceLogic.noError }
        return .structure([0: .unsigned(UInt64(error)), 2: .string("mhub appliance_error fault")])
    }
}
