/// The events a node keeps for reads and subscriptions: the latest `capacity`, in event number order.
///
/// Bounded, as CHIP's `EventManagement` keeps its events in fixed buffers per priority (the oldest are evicted
/// first); a reader asking for events older than the oldest kept simply gets the ones kept.
public struct EventLog: Sendable {
    public static let defaultCapacity = 256

    public let capacity: Int
    public private(set) var records: [EventRecord] = []

    public init(capacity: Int = defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    /// The number the last event recorded has, 0 before any.
    public var lastNumber: UInt64 { records.last?.number ?? 0 }

    /// Records an event; its number must be above the last one's.
    public mutating func append(_ record: EventRecord) {
        guard record.number > lastNumber || records.isEmpty else { return }
        records.append(record)
        if records.count > capacity { records.removeFirst(records.count - capacity) }
    }

    /// The index of the first event whose number is `number` or more (binary search).
    public func firstIndex(atOrAbove number: UInt64) -> Int {
        var low = 0
        var high = records.count
        while low < high {
            let middle = (low + high) / 2
            if records[middle].number < number { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
