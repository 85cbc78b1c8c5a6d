import MatterDataModel

/// What follows on the energy devices (Device Library 14) when one of their values changes, however it changed (a
/// command, a write, a physical change, a timer's end): the hook of `Hub.set(_:_:on:_:)`. Only changes of attributes,
/// no events: the events come with the commands and physical changes that cause them (`EvseLogic.settle`).
enum EnergyDeviceLogic {
    /// The energy device types whose endpoints these rules run on (the heat pump has its own, `HeatPumpLogic`).
    static let deviceTypes: Set<UInt32> = [0x050C, 0x050F, 0x050D, 0x0510, 0x0017, 0x0018]

    static func following(_ path: AttributePath, in data: NodeData) -> [(AttributePath, AttributeValue)] {
        guard let endpoint = data.endpoints[path.endpoint], let first = endpoint.deviceTypes.first?.id,
            deviceTypes.contains(first)
        else { return [] }
        switch (path.cluster, path.attribute) {
        case (0x0099, 0x0001):
            // SupplyState (Energy EVSE 9.3.6.2): a car that asks charges while charging is enabled, and waits while not.
            let evse = EvseLogic(data: data, endpoint: path.endpoint)
            let supply = data[path]?.integerValue ?? 0
            switch evse.state {
            case .pluggedInCharging where supply != 1: return [(evse.path(0x0000), .unsigned(2))]
            case .pluggedInDemand where supply == 1: return [(evse.path(0x0000), .unsigned(3))]
            default: return []
            }
        case (0x0099, 0x0000), (0x0099, 0x0007):
            return EvseLogic.power(in: data, endpoint: path.endpoint)
        case (0x0090, 0x0008) where endpoint.clusters[0x0099] == nil && endpoint.clusters[0x0094] == nil:
            // Power given or drawn (the sun out, a battery discharging): the current follows at the voltage, and a
            // battery's charge state with it (Power Source BatChargeState, Application Cluster Specification 11.7.6).
            let power = data[path]?.integerValue ?? 0
            var changes = Array(Meter.powerAndCurrent(power, endpoint: path.endpoint, in: data).dropFirst())
            if let chargeState = BatteryStorageLogic.chargeState(power: power, endpoint: path.endpoint, in: data) {
                changes.append(chargeState)
            }
            return changes
        case (0x002F, 0x000C):
            // The battery's charge: full is IsAtFullCharge unless it charges.
            let power = data[AttributePath(endpoint: path.endpoint, cluster: 0x0090, attribute: 0x0008)]?.integerValue
            return power.flatMap { BatteryStorageLogic.chargeState(power: $0, endpoint: path.endpoint, in: data) }
                .map { [$0] } ?? []
        case (0x009F, 0x0001):
            return [
                (AttributePath(endpoint: path.endpoint, cluster: 0x0098, attribute: 0x0007), optOut(path, in: data))
            ]
        default:
            return WaterHeaterLogic.following(path, in: data)
        }
    }

    /// OptOutState (Device Energy Management 9.2.6.8) as the Device Energy Management Mode's CurrentMode tags say
    /// (9.8.7.1): a mode with both LocalOptimization (0x4002) and GridOptimization (0x4003) opts out of nothing (0),
    /// one with only the local one out of the grid's (2 GridOptOut), only the grid's out of the local (1 LocalOptOut),
    /// neither (NoOptimization, DeviceOptimization) out of both (3 OptOut).
    static func optOut(_ path: AttributePath, in data: NodeData) -> AttributeValue {
        let mode = data[path]?.integerValue
        guard case .list(let options)? = data[AttributePath(endpoint: path.endpoint, cluster: 0x009F, attribute: 0)],
            case .structure(let option)? = options.first(where: {
                if case .structure(let fields) = $0 { fields[1]?.integerValue == mode } else { false }
            }), case .list(let tags)? = option[2]
        else { return .unsigned(3) }
        let values = Set(tags.compactMap { if case .structure(let tag) = $0 { tag[1]?.integerValue } else { nil } })
        switch (values.contains(0x4002), values.contains(0x4003)) {
        case (true, true): return .unsigned(0)
        case (true, false): return .unsigned(2)
        case (false, true): return .unsigned(1)
        case (false, false): return .unsigned(3)
        }
    }
}
