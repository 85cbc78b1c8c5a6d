/// A dictionary kept in a fixed number of shards by key hash, so that a copy that is changed afterwards copies one
/// shard, not everything.
///
/// The hub undoes a failed request by going back to a copy of itself taken before it (`Hub.handle`, and
/// `HubService`'s batch before its commit). With a plain `Dictionary` of every node, the first change after such a
/// copy would copy all of the home's nodes. Here it copies the shard array (`shardCount` references) and the one
/// shard the key falls in, about count ÷ `shardCount` entries.
/// Order of iteration is unspecified, as a `Dictionary`'s.
///
/// The home's nodes are not in `Hub.handle`'s copy at all: while a request runs, the table keeps an undo log, the
/// value each key had before the request's first change of it, and a failed request's changes are undone from it.
public struct ShardedDictionary<Key: Hashable, Value> {
    /// How many shards a non-empty table has: about the square root of the homes it is made for (10,000 devices),
    /// which balances the shard array's copy against one shard's.
    static var shardCount: Int { 128 }

    /// Empty until the first insertion, so that an empty table costs nothing to make or copy.
    private var shards: [[Key: Value]] = []
    public private(set) var count = 0
    /// While kept (`startUndoLog()`), the value each key changed since had before its first change; not compared
    /// or hashed.
    private var undoLog: [Key: Value?]?

    public init() {}

    public init(_ dictionary: [Key: Value]) {
        for (key, value) in dictionary {
            self[key] = value
        }
    }

    public var isEmpty: Bool { count == 0 }

    private static func shard(of key: Key) -> Int {
        key.hashValue & (shardCount - 1)
    }

    public subscript(key: Key) -> Value? {
        get {
            shards.isEmpty ? nil : shards[Self.shard(of: key)][key]
        }
        _modify {
            if shards.isEmpty {
                shards = Array(repeating: [:], count: Self.shardCount)
            }
            let index = Self.shard(of: key)
            let present = shards[index][key] != nil
            logForUndo(key, shard: index)
            yield &shards[index][key]
            count += (shards[index][key] != nil ? 1 : 0) - (present ? 1 : 0)
        }
    }

    /// Removes the entry for `key`; returns its value, if there was one.
    @discardableResult
    public mutating func removeValue(forKey key: Key) -> Value? {
        guard !shards.isEmpty else { return nil }
        logForUndo(key, shard: Self.shard(of: key))
        let removed = shards[Self.shard(of: key)].removeValue(forKey: key)
        if removed != nil { count -= 1 }
        return removed
    }

    /// Removes every entry, one by one (an undo log being kept records each).
    public mutating func removeAll() {
        for key in keys {
            removeValue(forKey: key)
        }
    }

    // MARK: undo

    /// The values keys had before a run of changes (`stopUndoLog()`), to put back with `undo(_:)`.
    public struct UndoLog {
        fileprivate var old: [Key: Value?]

        /// Whether no key changed while the log was kept.
        public var isEmpty: Bool { old.isEmpty }
    }

    /// Whether an undo log is being kept.
    public var keepsUndoLog: Bool { undoLog != nil }

    /// From now on, the first change of each key records the value it had. The log goes with the table: a copy
    /// taken meanwhile keeps one too.
    public mutating func startUndoLog() {
        precondition(undoLog == nil, "an undo log is kept already")
        undoLog = [:]
    }

    /// Stops recording and returns what was recorded; `nil` if no log was kept (the table was replaced whole).
    public mutating func stopUndoLog() -> UndoLog? {
        defer { undoLog = nil }
        return undoLog.map { UndoLog(old: $0) }
    }

    /// Puts back every key of `log` as it was when the log started.
    public mutating func undo(_ log: UndoLog) {
        precondition(undoLog == nil, "undo(_:) while a log is kept")
        for (key, value) in log.old {
            self[key] = value
        }
    }

    private mutating func logForUndo(_ key: Key, shard: Int) {
        guard undoLog != nil, undoLog?.index(forKey: key) == nil else { return }
        undoLog?[key] = .some(shards[shard][key])
    }

    /// Every value, in no particular order.
    public var values: [Value] {
        var result: [Value] = []
        result.reserveCapacity(count)
        for shard in shards {
            result.append(contentsOf: shard.values)
        }
        return result
    }

    /// Every key, in no particular order.
    public var keys: [Key] {
        var result: [Key] = []
        result.reserveCapacity(count)
        for shard in shards {
            result.append(contentsOf: shard.keys)
        }
        return result
    }

    /// The same entries as one `Dictionary`.
    public var dictionary: [Key: Value] {
        var result: [Key: Value] = [:]
        result.reserveCapacity(count)
        for shard in shards {
            result.merge(shard) { first, _ in first }
        }
        return result
    }
}

extension ShardedDictionary: Sequence {
    public typealias Element = (key: Key, value: Value)

    public struct Iterator: IteratorProtocol {
        fileprivate var shards: IndexingIterator<[[Key: Value]]>
        fileprivate var current: Dictionary<Key, Value>.Iterator?

        public mutating func next() -> Element? {
            while true {
                if let element = current?.next() { return element }
                guard let shard = shards.next() else { return nil }
                current = shard.makeIterator()
            }
        }
    }

    public func makeIterator() -> Iterator {
        Iterator(shards: shards.makeIterator(), current: nil)
    }

    public var underestimatedCount: Int { count }
}

extension ShardedDictionary: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (Key, Value)...) {
        for (key, value) in elements {
            self[key] = value
        }
    }
}

extension ShardedDictionary: Equatable where Value: Equatable {
    /// Equal when they hold the same entries: a key falls in the same shard in both.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.count == 0 { return true }
        return lhs.shards == rhs.shards
    }
}

extension ShardedDictionary: Hashable where Value: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for (index, shard) in shards.enumerated() where !shard.isEmpty {
            hasher.combine(index)
            hasher.combine(shard)
        }
    }
}

extension ShardedDictionary: Sendable where Key: Sendable, Value: Sendable {}

extension ShardedDictionary.UndoLog: Sendable where Key: Sendable, Value: Sendable {}

extension ShardedDictionary: CustomStringConvertible {
    public var description: String { dictionary.description }
}
