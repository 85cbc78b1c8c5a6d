import MHubJSON
import MatterDataModel

/// `NodeData` as JSON that keeps every value's exact type (signed, unsigned, bytes…), and read back: the form
/// schema 3 of the database kept, which the migration to schema 4 reads; the binary form is in
/// `NodeDataCodec+Binary.swift`.
public enum NodeDataCodec {
    public static func encode(_ data: NodeData) -> JSONValue {
        .array(
            data.endpoints.values.sorted { $0.id < $1.id }.map { endpoint in
                [
                    "id": .integer(Int64(endpoint.id)),
                    "device_types": .array(
                        endpoint.deviceTypes.map { [.integer(Int64($0.id)), .integer(Int64($0.revision))] }),
                    "clusters": .array(
                        endpoint.clusters.values.sorted { $0.id < $1.id }.map { cluster in
                            [
                                "id": .integer(Int64(cluster.id)),
                                "attributes": .object(
                                    Dictionary(
                                        uniqueKeysWithValues: cluster.attributes.map {
                                            (String($0.key), encode($0.value))
                                        })),
                            ]
                        }),
                ]
            })
    }

    public static func encode(_ value: AttributeValue) -> JSONValue {
        switch value {
        case .null: .null
        case .bool(let flag): ["b": .bool(flag)]
        case .signed(let number): ["s": .integer(number)]
        case .unsigned(let number): ["u": .string(String(number))]
        case .float(let number): ["f": .double(number)]
        case .string(let text): ["t": .string(text)]
        case .bytes(let bytes): ["x": .string(bytes.map { hexByte($0) }.joined())]
        case .list(let values): ["l": .array(values.map(encode))]
        case .structure(let fields):
            ["o": .object(Dictionary(uniqueKeysWithValues: fields.map { (String($0.key), encode($0.value)) }))]
        }
    }

    public struct DecodingError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    public static func decode(_ json: JSONValue) throws(DecodingError) -> NodeData {
        guard case .array(let endpoints) = json else { throw DecodingError(description: "node data is not a list") }
        var result: [EndpointData] = []
        for endpoint in endpoints {
            guard case .integer(let id)? = endpoint["id"], let endpointID = EndpointID(exactly: id),
                case .array(let types)? = endpoint["device_types"], case .array(let clusters)? = endpoint["clusters"]
            else { throw DecodingError(description: "malformed endpoint") }
            var deviceTypes: [DeviceTypeRef] = []
            for type in types {
                guard case .array(let pair) = type, pair.count == 2, case .integer(let typeID) = pair[0],
                    case .integer(let revision) = pair[1], let typeValue = DeviceTypeID(exactly: typeID),
                    let revisionValue = UInt16(exactly: revision)
                else { throw DecodingError(description: "malformed device type") }
                deviceTypes.append(DeviceTypeRef(id: typeValue, revision: revisionValue))
            }
            var clusterList: [ClusterData] = []
            for cluster in clusters {
                guard case .integer(let clusterID)? = cluster["id"], let clusterValue = ClusterID(exactly: clusterID),
                    case .object(let attributes)? = cluster["attributes"]
                else { throw DecodingError(description: "malformed cluster") }
                var values: [AttributeID: AttributeValue] = [:]
                for (key, value) in attributes {
                    guard let attribute = AttributeID(key) else {
                        throw DecodingError(description: "bad attribute \(key)")
                    }
                    values[attribute] = try decode(value: value)
                }
                clusterList.append(ClusterData(id: clusterValue, attributes: values))
            }
            result.append(EndpointData(id: endpointID, deviceTypes: deviceTypes, clusters: clusterList))
        }
        return NodeData(endpoints: result)
    }

    static func decode(value json: JSONValue) throws(DecodingError) -> AttributeValue {
        if json == .null { return .null }
        guard case .object(let members) = json, members.count == 1, let (tag, inner) = members.first else {
            throw DecodingError(description: "malformed attribute value")
        }
        switch (tag, inner) {
        case ("b", .bool(let flag)): return .bool(flag)
        case ("s", .integer(let number)): return .signed(number)
        case ("u", .string(let text)):
            guard let number = UInt64(text) else { break }
            return .unsigned(number)
        case ("f", .double(let number)): return .float(number)
        case ("f", .integer(let number)): return .float(Double(number))
        case ("t", .string(let text)): return .string(text)
        case ("x", .string(let text)):
            let digits = Array(text.utf8)
            guard digits.count % 2 == 0 else { break }
            var bytes: [UInt8] = []
            for index in stride(from: 0, to: digits.count, by: 2) {
                guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else {
                    throw DecodingError(description: "bad hex")
                }
                bytes.append(byte)
            }
            return .bytes(bytes)
        case ("l", .array(let values)):
            var list: [AttributeValue] = []
            for value in values {
                list.append(try decode(value: value))
            }
            return .list(list)
        case ("o", .object(let fields)):
            var structure: [UInt32: AttributeValue] = [:]
            for (key, value) in fields {
                guard let field = UInt32(key) else { throw DecodingError(description: "bad field \(key)") }
                structure[field] = try decode(value: value)
            }
            return .structure(structure)
        default: break
        }
        throw DecodingError(description: "malformed attribute value \(tag)")
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }
}
