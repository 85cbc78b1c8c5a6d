import MatterDataModel

/// An EV charger (Energy EVSE 0x0099, Application Cluster Specification 9.3): what it does when a car is plugged in or
/// unplugged, asks for charge or stops asking, when charging is enabled or disabled, and when a fault is sensed.
///
/// State (9.3.6.1) follows from the car and the supply: NotPluggedIn (0); PluggedInNoDemand (1) while the car asks
/// for nothing; PluggedInDemand (2) while it asks and the supply is not ChargingEnabled; PluggedInCharging (3) while it
/// asks and charging is enabled; Fault (6) while FaultState is not NoError. A car plugged in opens a session
/// (SessionID one more, SessionDuration and SessionEnergyCharged 0, EVConnected; 9.3.6.17–19, 9.3.10.1); unplugging
/// ends it (EVNotDetected, 9.3.10.2) and the session's attributes keep its values. Energy flows only in
/// PluggedInCharging: EnergyTransferStarted when it starts and EnergyTransferStopped when it stops (9.3.10.3–4), and
/// the charger draws the car's power (MaximumChargeCurrent at the supply's voltage), else its standby.
struct EvseLogic {
    let data: NodeData
    let endpoint: EndpointID

    /// What the charger draws while it does not charge, and at most while it charges (32 A at 230 V), in mW.
    static let standbyPower: Int64 = 2000
    static let chargingPower: Int64 = 7_360_000

    /// StateEnum (9.3.5.1).
    enum State: UInt64 {
        case notPluggedIn = 0
        case pluggedInNoDemand, pluggedInDemand, pluggedInCharging, pluggedInDischarging, sessionEnding,
            fault
    }

    func path(_ attribute: AttributeID, _ cluster: ClusterID = 0x0099) -> AttributePath {
        AttributePath(endpoint: endpoint, cluster: cluster, attribute: attribute)
    }

    func integer(_ attribute: AttributeID, _ cluster: ClusterID = 0x0099) -> Int64? {
        data[path(attribute, cluster)]?.integerValue
    }

    var state: State { integer(0x0000).flatMap { State(rawValue: UInt64($0)) } ?? .notPluggedIn }
    var sessionID: AttributeValue { data[path(0x0040)] ?? .null }

    /// The charger with the car as `car` says (NotPluggedIn, PluggedInNoDemand or PluggedInDemand: what the car does),
    /// SupplyState `supply` and FaultState `fault`: the new State, the session opened or closed, the energy transfer
    /// started or stopped, with their events. `stopReason` is EnergyTransferStoppedReasonEnum (0 EVStopped, 1
    /// EVSEStopped, 2 Other) for a transfer that stops.
    func settle(car: State, supply: Int64, fault: Int64, stopReason: UInt64, _ effect: inout DeviceEffect) {
        let before = state
        let pluggedBefore = before != .notPluggedIn
        let plugged = car != .notPluggedIn
        var session = sessionID
        if plugged && !pluggedBefore {
            // A new session (9.3.6.17): the next ID, counted from 0.
            let next = (session.integerValue.map { $0 + 1 } ?? 0) & 0xFFFF_FFFF
            session = .unsigned(UInt64(next))
            effect.changes.append((path(0x0040), session))
            effect.changes.append((path(0x0041), .unsigned(0)))
            effect.changes.append((path(0x0042), .signed(0)))
            effect.events.append(event(0x00, [0: session], names: [0: "sessionID"]))
        }
        let after: State =
            fault != 0
            ? .fault
            : !plugged
                ? .notPluggedIn
                : car == .pluggedInNoDemand
                    ? .pluggedInNoDemand
                    : supply == 1 ? .pluggedInCharging : .pluggedInDemand
        if before == .pluggedInCharging && after != .pluggedInCharging {
            effect.events.append(
                event(
                    0x03,
                    [
                        0: session, 1: .unsigned(after.rawValue), 2: .unsigned(stopReason),
                        4: .signed(integer(0x0042) ?? 0),
                    ],
                    names: [0: "sessionID", 1: "state", 2: "reason", 4: "energyTransferred"]))
        }
        if after == .pluggedInCharging && before != .pluggedInCharging {
            effect.events.append(
                event(
                    0x02,
                    [0: session, 1: .unsigned(after.rawValue), 2: .signed(integer(0x0007) ?? 0)],
                    names: [0: "sessionID", 1: "state", 2: "maximumCurrent"]))
        }
        if pluggedBefore && !plugged {
            effect.events.append(
                event(
                    0x01,
                    [
                        0: session, 1: .unsigned(before.rawValue), 2: data[path(0x0041)] ?? .unsigned(0),
                        3: data[path(0x0042)] ?? .signed(0),
                    ],
                    names: [0: "sessionID", 1: "state", 2: "sessionDuration", 3: "sessionEnergyCharged"]))
        }
        effect.changes.append((path(0x0000), .unsigned(after.rawValue)))
    }

    /// What the car does, read from State before a change: a charger in a fault keeps a session's car as plugged in
    /// without demand (mhub does not remember whether it asked).
    var car: State {
        switch state {
        case .notPluggedIn: .notPluggedIn
        case .pluggedInNoDemand: .pluggedInNoDemand
        case .pluggedInDemand, .pluggedInCharging, .pluggedInDischarging: .pluggedInDemand
        case .sessionEnding, .fault: .pluggedInNoDemand
        }
    }

    func event(_ id: UInt32, _ fields: [UInt32: AttributeValue], names: [UInt32: String]) -> NodeEventRecord {
        NodeEventRecord(endpoint: endpoint, cluster: 0x0099, event: id, priority: 1, data: fields).named(names)
    }

    /// The charger's power and current in `data` as its State says: charging, MaximumChargeCurrent at the voltage;
    /// otherwise its standby.
    static func power(in data: NodeData, endpoint: EndpointID) -> [(AttributePath, AttributeValue)] {
        let logic = EvseLogic(data: data, endpoint: endpoint)
        let voltage = logic.integer(0x0004, 0x0090) ?? 230_000
        // mA × mV / 1000 is mW.
        let power =
            logic.state == .pluggedInCharging
            ? min(chargingPower, (logic.integer(0x0007) ?? 0) * voltage / 1000) : standbyPower
        return Meter.powerAndCurrent(power, endpoint: endpoint, in: data)
    }

    /// The session's duration and energy after the meter counted `elapsed` ms and `imported` mWh: the duration grows
    /// while a car is plugged in, the energy while it charges (9.3.6.18–19). `carried` is the duration's part under a
    /// second, kept by the meter.
    static func session(
        in data: NodeData, endpoint: EndpointID, elapsed: Int64, imported: Int64, carried: inout Int64
    ) -> [(AttributePath, AttributeValue)] {
        let logic = EvseLogic(data: data, endpoint: endpoint)
        guard logic.state != .notPluggedIn, logic.sessionID != .null else { return [] }
        var changes: [(AttributePath, AttributeValue)] = []
        let milliseconds = elapsed + carried
        carried = milliseconds % 1000
        if milliseconds >= 1000 {
            changes.append((logic.path(0x0041), .unsigned(UInt64((logic.integer(0x0041) ?? 0) + milliseconds / 1000))))
        }
        if logic.state == .pluggedInCharging, imported > 0 {
            changes.append((logic.path(0x0042), .signed((logic.integer(0x0042) ?? 0) + imported)))
        }
        return changes
    }
}

/// An energy device's meter readings that follow its power: Electrical Power Measurement's ActivePower (0x0008) and
/// ActiveCurrent (0x0005) at its Voltage (0x0004) (Application Cluster Specification 2.13.6).
enum Meter {
    static func powerAndCurrent(_ power: Int64, endpoint: EndpointID, in data: NodeData)
        -> [(AttributePath, AttributeValue)]
    {
        var changes: [(AttributePath, AttributeValue)] = [
            (AttributePath(endpoint: endpoint, cluster: 0x0090, attribute: 0x0008), .signed(power))
        ]
        let voltage = data[AttributePath(endpoint: endpoint, cluster: 0x0090, attribute: 0x0004)]?.integerValue ?? 0
        if voltage > 0 {
            // mW × 1000 / mV is mA.
            changes.append(
                (AttributePath(endpoint: endpoint, cluster: 0x0090, attribute: 0x0005), .signed(power * 1000 / voltage))
            )
        }
        return changes
    }
}

extension EvseLogic {
    /// A car at the charger (`--as-physical`): State 0 is the car unplugged, 1 plugged in and asking for nothing, 2 (or
    /// 3) plugged in and asking for charge; the charger sets the State that follows (charging when enabled). FaultState
    /// is a fault the charger senses (9.3.6.3): SupplyState DisabledError and State Fault, with the Fault event
    /// (9.3.10.5, raised for a fault, not for its end), a transfer under way stopped; NoError again puts SupplyState back as ChargingEnabledUntil says
    /// (enabled unless it is 0) and shows a car still plugged in as not asking.
    func physical(_ value: AttributeValue, at attribute: AttributeID, _ effect: inout DeviceEffect) {
        let supply = integer(0x0001) ?? 0
        let fault = integer(0x0002) ?? 0
        switch attribute {
        case 0x0000:
            effect.changes.removeAll { $0.path == path(0x0000) }
            let asked = value.integerValue ?? 0
            let car: State = asked == 0 ? .notPluggedIn : asked == 1 ? .pluggedInNoDemand : .pluggedInDemand
            settle(car: car, supply: supply, fault: fault, stopReason: 0, &effect)
        case 0x0002:
            let sensed = value.integerValue ?? 0
            guard sensed != fault else { return }
            if sensed != 0 {
                effect.events.append(
                    event(
                        0x04,
                        [
                            0: sessionID, 1: .unsigned(state.rawValue), 2: .unsigned(UInt64(fault)),
                            4: .unsigned(UInt64(sensed)),
                        ],
                        names: [0: "sessionID", 1: "state", 2: "faultStatePreviousState", 4: "faultStateCurrentState"]))
            }
            let enabled = data[path(0x0003)] != .unsigned(0)
            let newSupply: Int64 = sensed != 0 ? 3 : enabled ? 1 : 0
            effect.changes.append((path(0x0001), .unsigned(UInt64(newSupply))))
            settle(car: car, supply: newSupply, fault: sensed, stopReason: 1, &effect)
        default:
            break
        }
    }
}
