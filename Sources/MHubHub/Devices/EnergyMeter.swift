import MatterDataModel

/// A device's energy meter running on the hub's clock: Electrical Energy Measurement's CumulativeEnergyImported
/// (0x0091/0x0001, EnergyMeasurementStruct, field 0 Energy in mWh; Application Cluster Specification 2.12) grows by
/// Electrical Power Measurement's ActivePower (0x0090/0x0008, mW; 2.13) on the same endpoint over the time it was
/// drawn, and CumulativeEnergyExported (0x0002), where the meter has it, by the power given out (a negative ActivePower:
/// a solar inverter's, a battery's). The energy is brought up to date before anything changes the device (so a new
/// power counts from its change on) and every `interval`, when the meter also takes a snapshot, the
/// CumulativeEnergyMeasured event (0x00, fields 0 EnergyImported and 1 EnergyExported). An EV charger's session
/// (`EvseLogic.session`) and a home battery's charge (`BatteryStorageLogic`) follow the meter.
///
/// Not stored: the energy is, with the node, each time it is brought up to date; a restart starts the meter again
/// from the stored energy, the time the daemon was down not counted (as a meter without power counts nothing).
public struct EnergyMeter: Hashable, Sendable {
    public var endpoint: EndpointID
    /// When the energy was last brought up to date; nil until the meter's first reading.
    public var since: Timestamp?
    /// Energy under 1 mWh not yet counted, in mW·ms: drawn, and given out.
    public var remainder: Int64 = 0
    public var exportRemainder: Int64 = 0
    /// An EV charger's session time under a second not yet counted, in ms.
    public var sessionRemainder: Int64 = 0
    /// A home battery's charge under a half percent not yet counted (`BatteryStorageLogic`).
    public var chargeRemainder: Int64 = 0
    public var nextAt: Timestamp

    /// How often the meter reads and snapshots: every minute.
    public static let interval: Int64 = 60_000
    /// mW·ms in one mWh.
    static let unit: Int64 = 3_600_000

    /// A meter for `data`'s metering endpoint, if it has one, due at once: its first reading starts it.
    init?(_ data: NodeData) {
        guard
            let endpoint = data.endpoints.values.first(where: { endpoint in
                endpoint.clusters[0x0091]?.attributes[0x0001] != nil
                    && endpoint.clusters[0x0090]?.attributes[0x0008] != nil
            })?.id
        else { return nil }
        self.endpoint = endpoint
        nextAt = 0
    }

    var energyPath: AttributePath { AttributePath(endpoint: endpoint, cluster: 0x0091, attribute: 0x0001) }
    var exportPath: AttributePath { AttributePath(endpoint: endpoint, cluster: 0x0091, attribute: 0x0002) }
    var powerPath: AttributePath { AttributePath(endpoint: endpoint, cluster: 0x0090, attribute: 0x0008) }

    /// The meter brought up to date at `now` in `data`: the changes (CumulativeEnergyImported and Exported as they
    /// grew, an EV charger's session), and the meter to keep.
    func reading(_ data: NodeData, now: Timestamp) -> (changes: [(AttributePath, AttributeValue)], meter: EnergyMeter) {
        var next = self
        next.since = now
        guard let since, now > since else { return ([], next) }
        let power = data[powerPath]?.integerValue ?? 0
        var changes: [(AttributePath, AttributeValue)] = []
        let imported = Self.count(max(0, power), for: now - since, carried: &next.remainder)
        if imported > 0, let total = Self.adding(imported, to: data[energyPath]) {
            changes.append((energyPath, total))
        }
        var exported: Int64 = 0
        if data[exportPath] != nil {
            exported = Self.count(max(0, -power), for: now - since, carried: &next.exportRemainder)
            if exported > 0, let total = Self.adding(exported, to: data[exportPath]) {
                changes.append((exportPath, total))
            }
        }
        changes += BatteryStorageLogic.charge(
            in: data, endpoint: endpoint, imported: imported, exported: exported, carried: &next.chargeRemainder)
        if data.endpoints[endpoint]?.clusters[0x0099] != nil {
            changes += EvseLogic.session(
                in: data, endpoint: endpoint, elapsed: now - since, imported: imported,
                carried: &next.sessionRemainder)
        }
        return (changes, next)
    }

    /// Whole mWh of `power` mW over `milliseconds`, the part under 1 mWh carried to the next reading.
    private static func count(_ power: Int64, for milliseconds: Int64, carried: inout Int64) -> Int64 {
        let energy = power.multipliedReportingOverflow(by: milliseconds)
        guard !energy.overflow else { return 0 }
        let total = energy.partialValue + carried
        carried = total % unit
        return total / unit
    }

    private static func adding(_ energy: Int64, to measurement: AttributeValue?) -> AttributeValue? {
        guard case .structure(var fields)? = measurement else { return nil }
        fields[0] = .signed((fields[0]?.integerValue ?? 0) + energy)
        return .structure(fields)
    }

    /// CumulativeEnergyMeasured with the energy imported, and exported where the meter counts it, in `data`.
    func snapshot(_ data: NodeData) -> NodeEventRecord {
        var fields: [UInt32: AttributeValue] = [0: data[energyPath] ?? .null]
        if let exported = data[exportPath] { fields[1] = exported }
        return NodeEventRecord(endpoint: endpoint, cluster: 0x0091, event: 0x00, priority: 1, data: fields)
            .named([0: "energyImported", 1: "energyExported"])
    }
}
