/// The fabrics the hub has joined, by fabric index: at most `capacity` (Matter Core Specification 11.18.5.2,
/// SupportedFabrics; CHIP `CHIP_CONFIG_MAX_FABRICS` is 16, mhub serves 5 as the issue asks and the spec's minimum).
///
/// A value: the Matter node changes a copy under the fail-safe and commits it whole, so the stored table is
/// always one the node once had — never half of an addition or removal.
public struct FabricTable: Hashable, Sendable {
    public static let capacity = 5

    public private(set) var records: [UInt8: FabricRecord] = [:]
    /// The index the next added fabric gets; indexes are not reused while the table lives (1–254, then wraps to
    /// the lowest free one).
    public private(set) var nextFabricIndex: UInt8 = 1

    public init() {}

    public init(records: [FabricRecord], nextFabricIndex: UInt8) {
        self.records = Dictionary(uniqueKeysWithValues: records.map { ($0.fabricIndex, $0) })
        self.nextFabricIndex = nextFabricIndex
    }

    public var isFull: Bool { records.count >= Self.capacity }

    /// The records in fabric index order.
    public var ordered: [FabricRecord] { records.values.sorted { $0.fabricIndex < $1.fabricIndex } }

    /// A free fabric index for a new fabric, or `nil` when the table is full.
    public func freeFabricIndex() -> UInt8? {
        guard !isFull else { return nil }
        var candidate = nextFabricIndex
        for _ in 0..<254 {
            if records[candidate] == nil { return candidate }
            candidate = candidate == 254 ? 1 : candidate + 1
        }
        return nil
    }

    /// Adds or replaces the record at its index.
    public mutating func store(_ record: FabricRecord) {
        if records[record.fabricIndex] == nil {
            nextFabricIndex = record.fabricIndex == 254 ? 1 : record.fabricIndex + 1
        }
        records[record.fabricIndex] = record
    }

    @discardableResult
    public mutating func remove(_ fabricIndex: UInt8) -> FabricRecord? {
        records.removeValue(forKey: fabricIndex)
    }
}
