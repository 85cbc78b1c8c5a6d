import MatterDataModel

/// A device's energy meter running on the hub's clock: Electrical Energy Measurement's CumulativeEnergyImported
/// (0x0091/0x0001, EnergyMeasurementStruct, field 0 Energy in mWh; Application Cluster Specification 2.12) grows by
/// Electrical Power Measurement's ActivePower (0x0090/0x0008, mW; 2.13) on the same endpoint over the time it was
/// drawn. The energy is brought up to date before anything changes the device (so a new power counts from its
/// change on) and every `interval`, when the meter also takes a snapshot, the CumulativeEnergyMeasured event (0x00,
/// field 0 EnergyImported).
///
/// Not stored: the energy is, with the node, each time it is brought up to date; a restart starts the meter again
/// from the stored energy, the time the daemon was down not counted (as a meter without power counts nothing).
public struct EnergyMeter: Hashable, Sendable {
    public var endpoint: EndpointID
    /// When the energy was last brought up to date; nil until the meter's first reading.
    public var since: Timestamp?
    /// Energy under 1 mWh not yet counted, in mW·ms.
    public var remainder: Int64 = 0
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
    var powerPath: AttributePath { AttributePath(endpoint: endpoint, cluster: 0x0090, attribute: 0x0008) }

    /// The meter brought up to date at `now` in `data`: the new CumulativeEnergyImported (nil when it did not
    /// change), and the meter to keep. Power exported (negative) adds nothing to the energy imported.
    func reading(_ data: NodeData, now: Timestamp) -> (energy: AttributeValue?, meter: EnergyMeter) {
        var next = self
        next.since = now
        guard let since, now > since else { return (nil, next) }
        let power = max(0, data[powerPath]?.integerValue ?? 0)
        let drawn = power.multipliedReportingOverflow(by: now - since)
        guard !drawn.overflow else { return (nil, next) }
        let total = drawn.partialValue + remainder
        next.remainder = total % Self.unit
        let added = total / Self.unit
        guard added > 0 else { return (nil, next) }
        guard case .structure(var fields)? = data[energyPath] else { return (nil, next) }
        fields[0] = .signed((fields[0]?.integerValue ?? 0) + added)
        return (.structure(fields), next)
    }

    /// CumulativeEnergyMeasured with `energy` imported.
    func snapshot(_ energy: AttributeValue) -> NodeEventRecord {
        NodeEventRecord(endpoint: endpoint, cluster: 0x0091, event: 0x00, priority: 1, data: [0: energy])
            .named([0: "energyImported"])
    }
}
