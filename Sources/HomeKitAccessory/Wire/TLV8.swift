/// A TLV8 body as HAP's pairing endpoints and `tlv8` characteristics carry it (hap-reference.md §3): an ordered list of
/// items, each a one-byte type and a value of any length.
///
/// On the wire an item is `type(1) length(1) value(length)`; a value longer than 255 bytes goes as consecutive
/// fragments of the same type (255 + 255 + …), which the reader joins again. Two distinct items of the same type
/// that follow each other therefore need a separator item (0xFF, empty) between them, as List Pairings' reply has
/// between its entries (aiohomekit `protocol/tlv.py` reads and writes it so). Decoded separators stay in `items` as
/// the boundaries they are, so a list's entries stay apart.
public struct TLV8: Hashable, Sendable {
    /// One item: its type byte (a `HAPTLVType`, or any other byte) and its whole value.
    public struct Item: Hashable, Sendable {
        public var type: UInt8
        public var value: [UInt8]

        public init(type: UInt8, value: [UInt8]) {
            self.type = type
            self.value = value
        }
    }

    public var items: [Item]

    public init(_ items: [Item] = []) {
        self.items = items
    }

    /// Appends an item with `value`.
    public mutating func append(_ type: HAPTLVType, _ value: [UInt8]) {
        items.append(Item(type: type.rawValue, value: value))
    }

    /// Appends a one-byte integer item (State, Method, Error, Permissions).
    public mutating func append(_ type: HAPTLVType, byte: UInt8) {
        items.append(Item(type: type.rawValue, value: [byte]))
    }

    /// Appends a separator, the boundary between two entries of a list.
    public mutating func appendSeparator() {
        items.append(Item(type: HAPTLVType.separator.rawValue, value: []))
    }

    /// The value of the first item of `type`, if there is one.
    public func first(_ type: HAPTLVType) -> [UInt8]? {
        items.first { $0.type == type.rawValue }?.value
    }

    /// The first item of `type` as a one-byte integer: nil when there is none or its value is not one byte (two
    /// State items that arrived unseparated read as one two-byte value, Jc2k/aiohomekit#24).
    public func byte(_ type: HAPTLVType) -> UInt8? {
        guard let value = first(type), value.count == 1 else { return nil }
        return value[0]
    }

    /// The items between separators: List Pairings' entries, one `TLV8` each (empty runs left out).
    public var entries: [TLV8] {
        items.split { $0.type == HAPTLVType.separator.rawValue }.map { TLV8(Array($0)) }
    }

    /// Reads TLV8 bytes, joining consecutive fragments of one type into one item.
    ///
    /// A separator is never joined with a neighbour; it is zero-length (ADK `HAP/HAPPairing.h`), and any bytes it
    /// carries are dropped. A truncated item (a type with no length, or fewer value bytes than its length) fails the whole
    /// body: pairing messages are read whole, never in part. The items hold no more bytes than `bytes`.
    public static func decode(_ bytes: [UInt8]) throws(HAPWireError) -> TLV8 {
        var items: [Item] = []
        var offset = 0
        while offset < bytes.count {
            guard offset + 2 <= bytes.count else { throw .truncatedTLV8(offset: offset) }
            let type = bytes[offset]
            let length = Int(bytes[offset + 1])
            guard offset + 2 + length <= bytes.count else { throw .truncatedTLV8(offset: offset) }
            let value = bytes[(offset + 2)..<(offset + 2 + length)]
            offset += 2 + length
            if type == HAPTLVType.separator.rawValue {
                items.append(Item(type: type, value: []))
            } else if let last = items.last, last.type == type {
                items[items.count - 1].value.append(contentsOf: value)
            } else {
                items.append(Item(type: type, value: Array(value)))
            }
        }
        return TLV8(items)
    }

    /// The TLV8 bytes: long values split into 255-byte fragments, and a separator written between two items of
    /// the same type that follow each other (unless one is already there), so the reader sees them apart.
    public func encoded() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(items.reduce(0) { $0 + $1.value.count + 2 * ($1.value.count / 255 + 2) })
        let separator = HAPTLVType.separator.rawValue
        var previous: UInt8?
        for item in items {
            if item.type == separator {
                output.append(contentsOf: [separator, 0])
                previous = separator
                continue
            }
            if previous == item.type {
                output.append(contentsOf: [separator, 0])
            }
            var start = 0
            repeat {
                let end = min(start + 255, item.value.count)
                output.append(item.type)
                output.append(UInt8(end - start))
                output.append(contentsOf: item.value[start..<end])
                start = end
            } while start < item.value.count
            previous = item.type
        }
        return output
    }
}

extension TLV8 {
    /// Items in order, from (type, value) pairs; a `.separator` pair stands for a separator.
    public init(_ pairs: [(HAPTLVType, [UInt8])]) {
        self.init(pairs.map { Item(type: $0.0.rawValue, value: $0.0 == .separator ? [] : $0.1) })
    }
}
