import MatterDataModel

/// Decodes node data in the binary form (`NodeDataCodec.encodeBinary`) straight from the bytes, and makes equal
/// endpoints, clusters and values of the nodes it decodes share one storage.
///
/// Each endpoint, cluster, list, structure, octet string and string longer than fits inline is looked up by its bytes
/// first (the form is canonical, so equal ones have equal bytes); only what was not seen before is decoded. Nodes of
/// a home made from a few templates then cost little more than what differs between them, and the load decodes
/// little more than that. Malformed bytes (a count or length past the end, keys out of order, an unknown tag, nesting
/// deeper than `NodeDataCodec.maximumValueDepth`) throw; nothing traps.
public struct NodeDataDecoder {
    private var endpoints = ByteInterner<EndpointData>()
    private var clusters = ByteInterner<ClusterData>()
    private var values = ByteInterner<AttributeValue>()

    public init() {}

    public mutating func decode(_ bytes: [UInt8]) throws(NodeDataCodec.DecodingError) -> NodeData {
        var result: Result<NodeData, NodeDataCodec.DecodingError>!
        bytes.withUnsafeBytes { buffer in
            result = Result { () throws(NodeDataCodec.DecodingError) in try decode(buffer) }
        }
        return try result.get()
    }

    public mutating func decode(_ bytes: UnsafeRawBufferPointer) throws(NodeDataCodec.DecodingError) -> NodeData {
        var reader = BinaryReader(bytes: bytes)
        guard try reader.byte() == NodeDataCodec.binaryVersion else {
            throw NodeDataCodec.DecodingError(description: "node data of an unknown version")
        }
        let count = try reader.count()
        var result: [EndpointID: EndpointData] = [:]
        result.reserveCapacity(count)
        var previous: Int = -1
        for _ in 0..<count {
            let id = try reader.key(as: EndpointID.self, after: &previous, "endpoint")
            let body = try reader.lengthPrefixed()
            if let shared = endpoints.member(body, id: UInt64(id)) {
                result[id] = shared
                continue
            }
            let endpoint = try decodeEndpoint(id: id, body)
            endpoints.insert(endpoint, for: body, id: UInt64(id))
            result[id] = endpoint
        }
        try reader.expectEnd()
        var data = NodeData(endpoints: [])
        data.endpoints = result
        return data
    }

    private mutating func decodeEndpoint(id: EndpointID, _ bytes: UnsafeRawBufferPointer)
        throws(NodeDataCodec.DecodingError) -> EndpointData
    {
        var reader = BinaryReader(bytes: bytes)
        var deviceTypes: [DeviceTypeRef] = []
        let typeCount = try reader.count()
        deviceTypes.reserveCapacity(typeCount)
        for _ in 0..<typeCount {
            guard let type = DeviceTypeID(exactly: try reader.varint()),
                let revision = UInt16(exactly: try reader.varint())
            else { throw NodeDataCodec.DecodingError(description: "malformed device type") }
            deviceTypes.append(DeviceTypeRef(id: type, revision: revision))
        }
        let clusterCount = try reader.count()
        var endpoint = EndpointData(id: id, deviceTypes: deviceTypes, clusters: [])
        endpoint.clusters.reserveCapacity(clusterCount)
        var previous: Int = -1
        for _ in 0..<clusterCount {
            let clusterID = try reader.key(as: ClusterID.self, after: &previous, "cluster")
            let body = try reader.lengthPrefixed()
            if let shared = clusters.member(body, id: UInt64(clusterID)) {
                endpoint.clusters[clusterID] = shared
                continue
            }
            var attributes = BinaryReader(bytes: body)
            let attributeCount = try attributes.count()
            var cluster = ClusterData(id: clusterID, attributes: [:])
            cluster.attributes.reserveCapacity(attributeCount)
            var previousAttribute: Int = -1
            for _ in 0..<attributeCount {
                let attribute = try attributes.key(as: AttributeID.self, after: &previousAttribute, "attribute")
                cluster.attributes[attribute] = try value(&attributes, depth: 0)
            }
            try attributes.expectEnd()
            clusters.insert(cluster, for: body, id: UInt64(clusterID))
            endpoint.clusters[clusterID] = cluster
        }
        try reader.expectEnd()
        return endpoint
    }

    /// One value; lists, structures and longer strings and octets are shared with an equal one seen before.
    private mutating func value(_ reader: inout BinaryReader, depth: Int) throws(NodeDataCodec.DecodingError)
        -> AttributeValue
    {
        let start = reader.position
        guard let tag = NodeDataCodec.BinaryTag(rawValue: try reader.byte()) else {
            throw NodeDataCodec.DecodingError(description: "unknown value tag")
        }
        switch tag {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .signed:
            let zigzag = try reader.varint()
            return .signed(Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1))
        case .unsigned: return .unsigned(try reader.varint())
        case .float: return .float(Double(bitPattern: try reader.fixed64()))
        case .string, .bytes:
            let length = try reader.count()
            let content = try reader.take(length)
            // Up to 15 bytes of UTF-8 live inside the String itself: sharing would save nothing.
            let whole = reader.bytes(from: start)
            if tag == .bytes || length > 15, let shared = values.member(whole, id: 0) {
                return shared
            }
            let decoded: AttributeValue
            if tag == .bytes {
                decoded = .bytes(Array(content))
            } else {
                guard let text = String(validating: content, as: UTF8.self) else {
                    throw NodeDataCodec.DecodingError(description: "a string is not UTF-8")
                }
                decoded = .string(text)
            }
            if tag == .bytes || length > 15 { values.insert(decoded, for: whole, id: 0) }
            return decoded
        case .list, .structure:
            guard depth < NodeDataCodec.maximumValueDepth else {
                throw NodeDataCodec.DecodingError(description: "values nested too deeply")
            }
            var inner = BinaryReader(bytes: try reader.lengthPrefixed())
            let whole = reader.bytes(from: start)
            if let shared = values.member(whole, id: 0) { return shared }
            let count = try inner.count()
            let decoded: AttributeValue
            if tag == .list {
                var items: [AttributeValue] = []
                items.reserveCapacity(count)
                for _ in 0..<count {
                    items.append(try value(&inner, depth: depth + 1))
                }
                decoded = .list(items)
            } else {
                var fields: [UInt32: AttributeValue] = [:]
                fields.reserveCapacity(count)
                var previous: Int = -1
                for _ in 0..<count {
                    let field = try inner.key(as: UInt32.self, after: &previous, "field")
                    fields[field] = try value(&inner, depth: depth + 1)
                }
                decoded = .structure(fields)
            }
            try inner.expectEnd()
            values.insert(decoded, for: whole, id: 0)
            return decoded
        }
    }
}

/// Reads the binary form's pieces from a buffer; every read checks the bounds.
struct BinaryReader {
    let bytes: UnsafeRawBufferPointer
    private(set) var position = 0

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    private static func truncated() -> NodeDataCodec.DecodingError {
        NodeDataCodec.DecodingError(description: "node data ends too early")
    }

    mutating func byte() throws(NodeDataCodec.DecodingError) -> UInt8 {
        guard position < bytes.count else { throw Self.truncated() }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func varint() throws(NodeDataCodec.DecodingError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 64, shift < 63 || next <= 1 else {
                throw NodeDataCodec.DecodingError(description: "a number is too large")
            }
            result |= UInt64(next & 0x7F) << shift
            if next < 0x80 { return result }
            shift += 7
        }
    }

    /// A count of things that each take at least one byte: never more than the bytes left.
    mutating func count() throws(NodeDataCodec.DecodingError) -> Int {
        let value = try varint()
        guard value <= UInt64(bytes.count - position) else { throw Self.truncated() }
        return Int(value)
    }

    /// A map's key, which must come after `previous` (ascending keys, so none repeats).
    mutating func key<Key: FixedWidthInteger>(as type: Key.Type, after previous: inout Int, _ what: String)
        throws(NodeDataCodec.DecodingError) -> Key
    {
        guard let key = Key(exactly: try varint()), Int(key) > previous else {
            throw NodeDataCodec.DecodingError(description: "\(what) IDs out of order or out of range")
        }
        previous = Int(key)
        return key
    }

    mutating func fixed64() throws(NodeDataCodec.DecodingError) -> UInt64 {
        let raw = try take(8)
        return (0..<8).reduce(UInt64(0)) { $0 | UInt64(raw[$1]) << (8 * UInt64($1)) }
    }

    mutating func take(_ count: Int) throws(NodeDataCodec.DecodingError) -> UnsafeRawBufferPointer {
        guard count <= bytes.count - position else { throw Self.truncated() }
        defer { position += count }
        return UnsafeRawBufferPointer(rebasing: bytes[position..<position + count])
    }

    /// A body after its 4-byte little-endian length.
    mutating func lengthPrefixed() throws(NodeDataCodec.DecodingError) -> UnsafeRawBufferPointer {
        let raw = try take(4)
        let length = Int(raw[0]) | Int(raw[1]) << 8 | Int(raw[2]) << 16 | Int(raw[3]) << 24
        return try take(length)
    }

    /// The bytes from `start` to the current position.
    func bytes(from start: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[start..<position])
    }

    func expectEnd() throws(NodeDataCodec.DecodingError) {
        guard position == bytes.count else {
            throw NodeDataCodec.DecodingError(description: "node data has bytes left over")
        }
    }
}

/// Values by the bytes they were decoded from: a hash of the bytes, then a comparison of them.
struct ByteInterner<Value> {
    private var entries: [UInt64: [(id: UInt64, bytes: [UInt8], value: Value)]] = [:]

    func member(_ bytes: UnsafeRawBufferPointer, id: UInt64) -> Value? {
        guard let candidates = entries[Self.hash(bytes, id: id)] else { return nil }
        for candidate in candidates where candidate.id == id && candidate.bytes.count == bytes.count {
            if candidate.bytes.withUnsafeBytes({ Self.equal($0, bytes) }) { return candidate.value }
        }
        return nil
    }

    mutating func insert(_ value: Value, for bytes: UnsafeRawBufferPointer, id: UInt64) {
        entries[Self.hash(bytes, id: id), default: []].append((id, Array(bytes), value))
    }

    /// A 64-bit mix of the bytes, eight at a time (the finalizer of MurmurHash3 after each word).
    static func hash(_ bytes: UnsafeRawBufferPointer, id: UInt64) -> UInt64 {
        var state = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count) ^ (id &* 0xC2B2_AE3D_27D4_EB4F)
        var offset = 0
        while offset + 8 <= bytes.count {
            state = mix(state ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        return mix(state ^ tail)
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var value = value
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        value ^= value >> 33
        return value
    }

    private static func equal(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset + 8 <= first.count {
            guard
                first.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    == second.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset += 8
        }
        while offset < first.count {
            guard first[offset] == second[offset] else { return false }
            offset += 1
        }
        return true
    }
}
