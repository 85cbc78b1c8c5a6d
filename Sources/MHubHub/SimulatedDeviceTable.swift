/// The hub's simulated devices by ID, and the uncommissioned ones (those discovery can find) also by their short
/// discriminator, the upper four bits of the discriminator (what a manual pairing code carries).
///
/// Discovery for a code (`Hub.discoveredDevice`) looks only at the uncommissioned devices of the code's short
/// discriminator, not at every device of the home. Every change goes through the subscript, which keeps the index in
/// step with the devices; the index is not compared, hashed or stored, being made of the devices.
public struct SimulatedDeviceTable: Sendable {
    /// Sharded, so that the copy a request's undo keeps costs one shard on the next change (`ShardedDictionary`).
    public private(set) var byID: ShardedDictionary<SimulatedDeviceID, SimulatedDevice> = [:]
    /// Each uncommissioned device's discriminator by its ID, per short discriminator.
    private var commissionable: [UInt8: [SimulatedDeviceID: UInt16]] = [:]

    public init() {}

    public var count: Int { byID.count }
    public var isEmpty: Bool { byID.isEmpty }
    /// Every device, in no particular order.
    public var values: [SimulatedDevice] { byID.values }
    /// Every ID, in no particular order.
    public var keys: [SimulatedDeviceID] { byID.keys }

    public subscript(id: SimulatedDeviceID) -> SimulatedDevice? {
        get { byID[id] }
        _modify {
            let before = byID[id]
            defer { reindex(id, from: before, to: byID[id]) }
            yield &byID[id]
        }
    }

    /// The uncommissioned devices whose discriminator's upper four bits are `short`: each one's discriminator by
    /// its ID.
    public func commissionable(short: UInt8) -> [SimulatedDeviceID: UInt16] {
        commissionable[short] ?? [:]
    }

    static func short(_ discriminator: UInt16) -> UInt8 {
        UInt8(truncatingIfNeeded: discriminator >> 8)
    }

    private mutating func reindex(_ id: SimulatedDeviceID, from old: SimulatedDevice?, to new: SimulatedDevice?) {
        let was = old.flatMap { $0.nodeID == nil ? $0.discriminator : nil }
        let now = new.flatMap { $0.nodeID == nil ? $0.discriminator : nil }
        guard was != now else { return }
        if let was {
            let short = Self.short(was)
            commissionable[short]?[id] = nil
            if commissionable[short]?.isEmpty == true { commissionable[short] = nil }
        }
        if let now {
            commissionable[Self.short(now), default: [:]][id] = now
        }
    }
}

extension SimulatedDeviceTable: Sequence {
    public typealias Element = ShardedDictionary<SimulatedDeviceID, SimulatedDevice>.Element

    public func makeIterator() -> ShardedDictionary<SimulatedDeviceID, SimulatedDevice>.Iterator {
        byID.makeIterator()
    }

    public var underestimatedCount: Int { byID.count }
}

extension SimulatedDeviceTable: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (SimulatedDeviceID, SimulatedDevice)...) {
        for (id, device) in elements {
            self[id] = device
        }
    }
}

/// Equal, and hashed, as their devices: the index follows from them.
extension SimulatedDeviceTable: Hashable {
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.byID == rhs.byID }

    public func hash(into hasher: inout Hasher) { hasher.combine(byID) }
}

extension SimulatedDeviceTable: CustomStringConvertible {
    public var description: String { byID.description }
}
