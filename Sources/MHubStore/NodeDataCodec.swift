import MHubHub
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
                                            (String($0.key), TaggedAttributeValue.encode($0.value))
                                        })),
                            ]
                        }),
                ]
            })
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
                    do {
                        values[attribute] = try TaggedAttributeValue.decode(value)
                    } catch {
                        throw DecodingError(description: error.description)
                    }
                }
                clusterList.append(ClusterData(id: clusterValue, attributes: values))
            }
            result.append(EndpointData(id: endpointID, deviceTypes: deviceTypes, clusters: clusterList))
        }
        return NodeData(endpoints: result)
    }
}
