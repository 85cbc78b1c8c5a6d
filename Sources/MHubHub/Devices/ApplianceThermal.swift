import MatterDataModel

/// How an appliance's temperatures move on the hub's clock (real or virtual): a compartment's or a pan's reading
/// (Temperature Measurement MeasuredValue, on the same endpoint as its Temperature Control) goes towards the temperature
/// it was set to, at the pace of that kind of appliance, as an `AttributeTransition` reported along the way.
///
/// The specification says what a setpoint is (Application Cluster Specification 8.2.5) but not how fast a real
/// appliance gets there; the paces are mhub's, those of ordinary appliances: a refrigerator compartment or a wine
/// cooler moves 1 °C a minute (from 20 °C to 4 °C in 16 minutes), a pan on an induction zone heats 2 °C a second and
/// cools 0.5 °C a second when the zone is off, towards the room's 21 °C; an oven cavity heats 20 °C a minute while it
/// cooks (180 °C in about eight minutes) and cools 5 °C a minute after. A reading stays within its MinMeasuredValue
/// and MaxMeasuredValue.
struct ApplianceThermal {
    let node: Node
    let endpoint: EndpointID
    let now: Timestamp

    /// Milliseconds per hundredth of a degree.
    static let cabinetPace: Int64 = 600
    static let panHeatingPace: Int64 = 5
    static let panCoolingPace: Int64 = 20
    static let ovenHeatingPace: Int64 = 30
    static let ovenCoolingPace: Int64 = 120
    /// The kitchen's temperature, which a pan cools to.
    static let roomTemperature: Int64 = 2100
    /// What a pan reaches at each of a cook surface's levels (Low, Medium, High): 90, 180 and 250 °C; a level past
    /// these is the hottest.
    static let levelTemperatures: [Int64] = [9000, 18000, 25000]

    var reading: AttributePath { AttributePath(endpoint: endpoint, cluster: 0x0402, attribute: 0x0000) }

    func value(_ cluster: ClusterID, _ attribute: AttributeID) -> AttributeValue? {
        node.data[AttributePath(endpoint: endpoint, cluster: cluster, attribute: attribute)]
    }

    var isCookSurface: Bool {
        node.data.endpoints[endpoint]?.deviceTypes.contains { $0.id == DeviceTypeRef.cookSurface.id } ?? false
    }

    /// A new TemperatureSetpoint: the compartment cools or warms towards it; an oven cavity only while it cooks (its
    /// Oven Cavity Operational State Running), heating or cooling at an oven's pace.
    func setpointChanged(to target: Int64, _ effect: inout DeviceEffect) {
        guard let state = value(0x0048, 0x0004)?.integerValue else {
            approach(target, heating: Self.cabinetPace, cooling: Self.cabinetPace, &effect)
            return
        }
        if state == 1 { approach(target, heating: Self.ovenHeatingPace, cooling: Self.ovenCoolingPace, &effect) }
    }

    /// An oven cavity's cooking started (it heats to its setpoint) or ended (it cools to the room).
    func cavityHeats(_ heating: Bool, _ effect: inout DeviceEffect) {
        let setpoint = value(0x0056, 0x0000)?.integerValue ?? Self.roomTemperature
        approach(
            heating ? setpoint : Self.roomTemperature, heating: Self.ovenHeatingPace, cooling: Self.ovenCoolingPace,
            &effect)
    }

    /// A cook surface's new level: while the zone is on, the pan heats or cools to that level's temperature.
    func levelChanged(to level: Int64, _ effect: inout DeviceEffect) {
        guard isCookSurface, value(0x0006, 0x0000) == .bool(true) else { return }
        approach(Self.levelTemperature(level), heating: Self.panHeatingPace, cooling: Self.panCoolingPace, &effect)
    }

    /// A cook surface switched on (heating to its selected level) or off (cooling to the room).
    func surfaceSwitched(on: Bool, _ effect: inout DeviceEffect) {
        let level = value(0x0056, 0x0004)?.integerValue ?? 0
        approach(
            on ? Self.levelTemperature(level) : Self.roomTemperature, heating: Self.panHeatingPace,
            cooling: Self.panCoolingPace, &effect)
    }

    static func levelTemperature(_ level: Int64) -> Int64 {
        levelTemperatures[Int(min(max(level, 0), Int64(levelTemperatures.count - 1)))]
    }

    /// Moves the reading towards `target` at the pace of `heating` up or `cooling` down (milliseconds per hundredth of
    /// a degree), replacing any move under way.
    func approach(_ target: Int64, heating: Int64, cooling: Int64, _ effect: inout DeviceEffect) {
        guard let current = node.data[reading]?.integerValue else { return }
        var target = target
        if let low = value(0x0402, 0x0001)?.integerValue { target = max(target, low) }
        if let high = value(0x0402, 0x0002)?.integerValue { target = min(target, high) }
        effect.stopping.append(reading)
        guard target != current else { return }
        let pace = target > current ? heating : cooling
        effect.transitions.append(
            AttributeTransition(
                node: node.id, path: reading, from: current, to: target, startAt: now,
                endAt: now + abs(target - current) * pace))
    }
}
