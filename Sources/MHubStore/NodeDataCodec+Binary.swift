import MHubJSON
import MatterDataModel

/// Node data in the store's binary form (schema 4), decoded straight from the bytes.
///
/// The form, after a version byte (1): a varint count of endpoints, then per endpoint in ascending ID order its
/// varint ID and a 4-byte little-endian length of its body; the body is a varint count of device types (varint ID,
/// varint revision each), a varint count of clusters, then per cluster in ascending ID order its varint ID, a 4-byte
/// length and its body: a varint count of attributes, then per attribute in ascending ID order its varint ID and its
/// value. A value is a tag byte and what the tag calls for: 0 null, 1 false, 2 true, 3 a signed integer (zigzag
/// varint), 4 an unsigned one (varint), 5 a float (8 bytes, little-endian IEEE 754), 6 a UTF-8 string and 7 octets
/// (a varint length, then the bytes), 8 a list and 9 a structure (a 4-byte length, a varint count, then the values;
/// a structure's each after its field's varint ID, in ascending order).
///
/// The form is canonical (every map in ascending key order), so equal endpoints, clusters and values have equal
/// bytes: `NodeDataDecoder` looks each up by its bytes before it decodes it, so nodes loaded together share the
/// storage of what they have in common (most of a home made from a few templates), as nodes made from one template
/// in memory do.
extension NodeDataCodec {
    /// The first byte of the binary form.
    static let binaryVersion: UInt8 = 1
    /// The deepest nesting of lists and structures a value may have.
    static let maximumValueDepth = 16

    enum BinaryTag: UInt8 {
        case null = 0
        case `false`, `true`, signed, unsigned, float, string, bytes, list, structure
    }

    /// The binary form of `data`.
    public static func encodeBinary(_ data: NodeData) -> [UInt8] {
        var writer = BinaryWriter()
        writer.output.append(binaryVersion)
        writer.varint(UInt64(data.endpoints.count))
        for endpoint in data.endpoints.values.sorted(by: { $0.id < $1.id }) {
            writer.varint(UInt64(endpoint.id))
            writer.lengthPrefixed { writer in
                writer.varint(UInt64(endpoint.deviceTypes.count))
                for type in endpoint.deviceTypes {
                    writer.varint(UInt64(type.id))
                    writer.varint(UInt64(type.revision))
                }
                writer.varint(UInt64(endpoint.clusters.count))
                for cluster in endpoint.clusters.values.sorted(by: { $0.id < $1.id }) {
                    writer.varint(UInt64(cluster.id))
                    writer.lengthPrefixed { writer in
                        writer.varint(UInt64(cluster.attributes.count))
                        for (id, value) in cluster.attributes.sorted(by: { $0.key < $1.key }) {
                            writer.varint(UInt64(id))
                            writer.value(value)
                        }
                    }
                }
            }
        }
        return writer.output.bytes()
    }
}

/// Appends the binary form's pieces, into a `ByteOutput`, not an `[UInt8]`, which checks its uniqueness and capacity
/// for each byte appended.
struct BinaryWriter: ~Copyable {
    var output = ByteOutput(capacity: 2048)

    mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            output.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        output.append(UInt8(rest))
    }

    /// `body`'s bytes after their 4-byte little-endian length.
    mutating func lengthPrefixed(_ body: (inout BinaryWriter) -> Void) {
        let start = output.written
        output.append("\0\0\0\0")
        body(&self)
        output.overwrite(littleEndian: UInt32(output.written - start - 4), at: start)
    }

    mutating func value(_ value: AttributeValue) {
        typealias Tag = NodeDataCodec.BinaryTag
        switch value {
        case .null: output.append(Tag.null.rawValue)
        case .bool(let flag): output.append(flag ? Tag.true.rawValue : Tag.false.rawValue)
        case .signed(let number):
            output.append(Tag.signed.rawValue)
            varint(UInt64(bitPattern: (number << 1) ^ (number >> 63)))
        case .unsigned(let number):
            output.append(Tag.unsigned.rawValue)
            varint(number)
        case .float(let number):
            output.append(Tag.float.rawValue)
            let bits = number.bitPattern
            for offset in 0..<8 {
                output.append(UInt8(truncatingIfNeeded: bits >> (8 * UInt64(offset))))
            }
        case .string(let text):
            output.append(Tag.string.rawValue)
            var text = text
            text.withUTF8 { utf8 in
                varint(UInt64(utf8.count))
                output.append(utf8)
            }
        case .bytes(let octets):
            output.append(Tag.bytes.rawValue)
            varint(UInt64(octets.count))
            octets.withUnsafeBufferPointer { output.append($0) }
        case .list(let items):
            output.append(Tag.list.rawValue)
            lengthPrefixed { writer in
                writer.varint(UInt64(items.count))
                for item in items {
                    writer.value(item)
                }
            }
        case .structure(let fields):
            output.append(Tag.structure.rawValue)
            lengthPrefixed { writer in
                writer.varint(UInt64(fields.count))
                for (field, item) in fields.sorted(by: { $0.key < $1.key }) {
                    writer.varint(UInt64(field))
                    writer.value(item)
                }
            }
        }
    }
}
