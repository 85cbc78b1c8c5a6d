import MatterDataModel

/// A home battery (Device Library 14.4): its cells' charge follows the energy its meter counts, and its charge state
/// the power. Power Source's BatPercentRemaining (0x000C, half percents; Application Cluster Specification 11.7.6)
/// grows by the energy imported and falls by the energy exported, against the cells' capacity (BatCapacity in mAh at
/// BatVoltage: 200 Ah at 51.2 V is 10.24 kWh); a full battery stops charging and an empty one stops discharging
/// (ActivePower 0). BatChargeState (0x001A) is IsCharging while the power is positive, else IsAtFullCharge when full,
/// else IsNotCharging.
enum BatteryStorageLogic {
    static func path(_ endpoint: EndpointID, _ attribute: AttributeID) -> AttributePath {
        AttributePath(endpoint: endpoint, cluster: 0x002F, attribute: attribute)
    }

    /// The changes after the meter counted `imported` and `exported` mWh on `endpoint`, if it is a rechargeable
    /// battery's; `carried` is the charge under a half percent, in mWh × 200, kept by the meter.
    static func charge(
        in data: NodeData, endpoint: EndpointID, imported: Int64, exported: Int64, carried: inout Int64
    ) -> [(AttributePath, AttributeValue)] {
        guard data[path(endpoint, 0x001A)] != nil, let percent = data[path(endpoint, 0x000C)]?.integerValue,
            let capacity = data[path(endpoint, 0x0018)]?.integerValue,
            let voltage = data[path(endpoint, 0x000B)]?.integerValue
        else { return [] }
        // mAh × mV / 1000 is mWh.
        let stored = capacity * voltage / 1000
        guard stored > 0, imported != 0 || exported != 0 else { return [] }
        let scaled = (imported - exported) * 200 + carried
        carried = scaled % stored
        let level = min(200, max(0, percent + scaled / stored))
        if level == 200 || level == 0 { carried = 0 }
        var changes: [(AttributePath, AttributeValue)] = [(path(endpoint, 0x000C), .unsigned(UInt64(level)))]
        let power = data[AttributePath(endpoint: endpoint, cluster: 0x0090, attribute: 0x0008)]?.integerValue ?? 0
        if (level == 200 && power > 0) || (level == 0 && power < 0) {
            changes.append((AttributePath(endpoint: endpoint, cluster: 0x0090, attribute: 0x0008), .signed(0)))
        }
        return changes
    }

    /// BatChargeState as `power` (mW) and the charge in `data` say, if the endpoint has one.
    static func chargeState(power: Int64, endpoint: EndpointID, in data: NodeData) -> (AttributePath, AttributeValue)? {
        guard data[path(endpoint, 0x001A)] != nil else { return nil }
        let full = data[path(endpoint, 0x000C)] == .unsigned(200)
        // BatChargeStateEnum: 1 IsCharging, 2 IsAtFullCharge, 3 IsNotCharging.
        return (path(endpoint, 0x001A), .unsigned(power > 0 ? 1 : full ? 2 : 3))
    }
}
