import MatterDataModel

/// The `appliance_error` fault: an appliance that reports an error until the fault is switched off (docs/devices.md,
/// "Faults on appliances").
///
/// On its operational state clusters (Operational State 0x0060, RVC Operational State 0x0061, Oven Cavity
/// Operational State 0x0048; Application Cluster Specification 1.14.5 and 7.4) it is what the machine reports of a
/// fault of its own (`DeviceLogic.operationalStateSetAtDevice`): OperationalState Error (3), OperationalError with the
/// ErrorStateID, the OperationalError event, a program under way held. On an Energy EVSE (0x0099, 9.3) State becomes
/// Fault (6), SupplyState DisabledError (4) and FaultState the fault, with the Fault event. Switched off, the error
/// clears: a held program waits Paused for Resume (else Stopped), and the charger is back in the State and
/// SupplyState it had.
public struct ApplianceFault: Hashable, Sendable {
    /// The ErrorStateID or FaultState reported.
    public var error: UInt8
    /// An EVSE's State and SupplyState before the fault, restored when it clears.
    var chargerBefore: [EndpointID: (state: AttributeValue, supply: AttributeValue)] = [:]

    static let operationalStates: [ClusterID] = [0x0060, 0x0061, 0x0048]
    static let evse: ClusterID = 0x0099

    public static func == (lhs: ApplianceFault, rhs: ApplianceFault) -> Bool {
        lhs.error == rhs.error && lhs.chargerBefore.keys.sorted() == rhs.chargerBefore.keys.sorted()
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(error) }

    /// Whether a device of `data` can report one: it has an operational state or a charger.
    static func applies(to data: NodeData) -> Bool {
        data.endpoints.values.contains { endpoint in
            (operationalStates + [evse]).contains { endpoint.clusters[$0] != nil }
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

    /// What the fault does to `node` as it starts: the effect, and the fault to keep (with the charger's state).
    static func raise(_ error: UInt8, on node: Node) -> (DeviceEffect, ApplianceFault) {
        var effect = DeviceEffect()
        var fault = ApplianceFault(error: error)
        for endpoint in node.data.endpoints.keys.sorted() {
            guard let clusters = node.data.endpoints[endpoint]?.clusters else { continue }
            // As the machine itself reports a fault (`operationalStateSetAtDevice`): Error, the program held.
            for cluster in operationalStates where clusters[cluster] != nil {
                let errorState = AttributeValue.structure([
                    0: .unsigned(UInt64(error)), 2: .string("mhub appliance_error fault"),
                ])
                DeviceLogic.operationalStateSetAtDevice(
                    errorState, at: AttributePath(endpoint: endpoint, cluster: cluster, attribute: 0x0005), in: node,
                    &effect)
            }
            if clusters[evse] != nil {
                func path(_ attribute: AttributeID) -> AttributePath {
                    AttributePath(endpoint: endpoint, cluster: evse, attribute: attribute)
                }
                let state = node.data[path(0x0000)] ?? .unsigned(0)
                fault.chargerBefore[endpoint] = (state, node.data[path(0x0001)] ?? .unsigned(0))
                effect.changes.append((path(0x0000), .unsigned(6)))
                effect.changes.append((path(0x0001), .unsigned(4)))
                effect.changes.append((path(0x0002), .unsigned(UInt64(error))))
                effect.events.append(
                    chargerFault(
                        endpoint, session: node.data[path(0x0021)], state: state,
                        previous: node.data[path(0x0002)] ?? .unsigned(0), current: .unsigned(UInt64(error))))
            }
        }
        return (effect, fault)
    }

    /// What switching the fault off does: the error cleared.
    func clear(on node: Node) -> DeviceEffect {
        var effect = DeviceEffect()
        for endpoint in node.data.endpoints.keys.sorted() {
            guard let clusters = node.data.endpoints[endpoint]?.clusters else { continue }
            // The error cleared at the machine: a held program waits Paused for Resume, else Stopped.
            for cluster in Self.operationalStates where clusters[cluster] != nil {
                let path = AttributePath(endpoint: endpoint, cluster: cluster, attribute: 0x0005)
                effect.changes.append((path, DeviceLogic.noError))
                DeviceLogic.operationalStateSetAtDevice(DeviceLogic.noError, at: path, in: node, &effect)
            }
            if clusters[Self.evse] != nil {
                func path(_ attribute: AttributeID) -> AttributePath {
                    AttributePath(endpoint: endpoint, cluster: Self.evse, attribute: attribute)
                }
                let before = chargerBefore[endpoint] ?? (.unsigned(0), .unsigned(0))
                effect.changes.append((path(0x0000), before.state))
                effect.changes.append((path(0x0001), before.supply))
                effect.changes.append((path(0x0002), .unsigned(0)))
                effect.events.append(
                    Self.chargerFault(
                        endpoint, session: node.data[path(0x0021)], state: node.data[path(0x0000)] ?? .unsigned(6),
                        previous: .unsigned(UInt64(error)), current: .unsigned(0)))
            }
        }
        return effect
    }

    /// Energy EVSE's Fault event (0x04): SessionID, the State before, FaultState before and now.
    static func chargerFault(
        _ endpoint: EndpointID, session: AttributeValue?, state: AttributeValue, previous: AttributeValue,
        current: AttributeValue
    ) -> NodeEventRecord {
        NodeEventRecord(
            endpoint: endpoint, cluster: evse, event: 0x04, priority: 2,
            data: [0: session ?? .null, 1: state, 2: previous, 4: current]
        ).named([0: "sessionID", 1: "state", 2: "faultStatePreviousState", 4: "faultStateCurrentState"])
    }
}
