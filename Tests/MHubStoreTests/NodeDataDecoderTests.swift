import MatterDataModel
import Testing

@testable import MHubStore

/// The store's binary form of node data: every value kind survives it, malformed bytes throw, and equal parts of the
/// nodes one decoder decodes share storage.
@Suite struct NodeDataDecoderTests {
    private func light(serial: String, on: Bool = false) -> NodeData {
        var node = DeviceTemplates.named("on-off-light")!.makeNode(
            identity: NodeIdentity(
                vendorID: 0xFFF1, vendorName: "mhub", productID: 0x8001, productName: "Light", nodeLabel: "",
                serialNumber: serial, uniqueID: "UID-\(serial)", hardwareVersion: 1, softwareVersion: 1,
                softwareVersionString: "1.0"))
        node[AttributePath(endpoint: 1, cluster: 0x0006, attribute: 0x0000)] = .bool(on)
        return node
    }

    /// A node of one endpoint whose one cluster holds `values` as attributes 0, 1, 2, …
    private func node(_ values: [AttributeValue]) -> NodeData {
        let attributes = Dictionary(
            uniqueKeysWithValues: values.enumerated().map { (AttributeID($0.offset), $0.element) })
        return NodeData(endpoints: [
            EndpointData(
                id: 3, deviceTypes: [DeviceTypeRef(id: 0x0100, revision: 3)],
                clusters: [ClusterData(id: 0xFFF1_FC01, attributes: attributes)])
        ])
    }

    /// The storage behind a dictionary (a Swift dictionary is one reference to it).
    private func storage<Key, Value>(_ dictionary: [Key: Value]) -> UInt {
        unsafeBitCast(dictionary, to: UInt.self)
    }

    static let everyKind: [AttributeValue] = [
        .null, .bool(false), .bool(true), .signed(0), .signed(-1), .signed(Int64.min), .signed(Int64.max),
        .unsigned(0), .unsigned(127), .unsigned(128), .unsigned(UInt64.max), .float(1.5), .float(-0.0),
        .float(.infinity), .string(""), .string("é"), .string("a string longer than fifteen bytes"), .bytes([]),
        .bytes([0, 255, 7]), .list([]), .structure([:]),
        .list([
            .structure([0: .unsigned(UInt64.max), 1: .signed(-5), 2: .bytes([0, 255]), 3: .float(1.5), 4: .null]),
            .string("é"), .bool(true), .list([.list([.unsigned(1)])]),
        ]),
        .structure([7: .list([.string("x")]), 300: .structure([0: .null]), UInt32.max: .bool(true)]),
    ]

    @Test func everyValueKindSurvives() throws {
        var decoder = NodeDataDecoder()
        let data = node(Self.everyKind)
        #expect(try decoder.decode(NodeDataCodec.encodeBinary(data)) == data)
        #expect(try decoder.decode(NodeDataCodec.encodeBinary(NodeData(endpoints: []))) == NodeData(endpoints: []))
        for template in DeviceTemplates.all {
            let made = template.makeNode(
                identity: NodeIdentity(
                    vendorID: 1, vendorName: "v", productID: 2, productName: "p", nodeLabel: "n", serialNumber: "s",
                    uniqueID: "u", hardwareVersion: 1, softwareVersion: 1, softwareVersionString: "1"))
            #expect(try decoder.decode(NodeDataCodec.encodeBinary(made)) == made, "\(template.key)")
        }
    }

    /// The form is canonical: the same data gives the same bytes however its dictionaries were filled.
    @Test func equalDataHasEqualBytes() throws {
        let forward = node(Self.everyKind)
        var backward = NodeData(endpoints: [])
        backward.endpoints[3] = EndpointData(
            id: 3, deviceTypes: [DeviceTypeRef(id: 0x0100, revision: 3)],
            clusters: [
                ClusterData(
                    id: 0xFFF1_FC01,
                    attributes: Dictionary(
                        uniqueKeysWithValues: Self.everyKind.enumerated().reversed().map {
                            (AttributeID($0.offset), $0.element)
                        }))
            ])
        #expect(NodeDataCodec.encodeBinary(forward) == NodeDataCodec.encodeBinary(backward))
    }

    @Test func malformedBytesThrow() throws {
        let bytes = NodeDataCodec.encodeBinary(node(Self.everyKind))
        var decoder = NodeDataDecoder()
        // Every truncation, and a byte more.
        for end in 0..<bytes.count {
            #expect(throws: NodeDataCodec.DecodingError.self) { try decoder.decode(Array(bytes[..<end])) }
        }
        #expect(throws: NodeDataCodec.DecodingError.self) { try decoder.decode(bytes + [0]) }
        // Another version; an unknown tag; keys out of order; a count far past the end.
        #expect(throws: NodeDataCodec.DecodingError.self) { try decoder.decode([2, 0]) }
        let oneValue = { (value: [UInt8]) -> [UInt8] in
            [1, 1, 0, UInt8(9 + value.count), 0, 0, 0, 0, 1, 6, UInt8(2 + value.count), 0, 0, 0, 1, 0] + value
        }
        #expect(try decoder.decode(oneValue([0])) == node([.null]).withEndpoint(0, cluster: 6))
        #expect(throws: NodeDataCodec.DecodingError.self) { try decoder.decode(oneValue([10])) }
        let twoEndpoints = { (first: UInt8, second: UInt8) -> [UInt8] in
            [1, 2, first, 2, 0, 0, 0, 0, 0, second, 2, 0, 0, 0, 0, 0]
        }
        #expect(try decoder.decode(twoEndpoints(4, 5)).endpoints.keys.sorted() == [4, 5])
        #expect(throws: NodeDataCodec.DecodingError.self) { try decoder.decode(twoEndpoints(5, 4)) }
        #expect(throws: NodeDataCodec.DecodingError.self) { try decoder.decode(twoEndpoints(5, 5)) }
        #expect(throws: NodeDataCodec.DecodingError.self) { try decoder.decode([1, 0xFF, 0xFF, 0xFF, 0x0F]) }
        // A string that is not UTF-8.
        #expect(throws: NodeDataCodec.DecodingError.self) { try decoder.decode(oneValue([6, 1, 0xFF])) }
        // Lists nested deeper than the limit.
        var deep: AttributeValue = .null
        for _ in 0..<NodeDataCodec.maximumValueDepth { deep = .list([deep]) }
        #expect(try decoder.decode(NodeDataCodec.encodeBinary(node([deep]))) == node([deep]))
        deep = .list([deep])
        #expect(throws: NodeDataCodec.DecodingError.self) {
            var fresh = NodeDataDecoder()
            return try fresh.decode(NodeDataCodec.encodeBinary(node([deep])))
        }
    }

    @Test func equalPartsOfDifferentNodesShareStorage() throws {
        var decoder = NodeDataDecoder()
        let first = try decoder.decode(NodeDataCodec.encodeBinary(light(serial: "A")))
        let second = try decoder.decode(NodeDataCodec.encodeBinary(light(serial: "B", on: true)))
        let third = try decoder.decode(NodeDataCodec.encodeBinary(light(serial: "C", on: true)))
        #expect(first == light(serial: "A") && second == light(serial: "B", on: true))
        // Identify is the same everywhere; On/Off differs between the first two, not the last two; Basic
        // Information differs (serial numbers) but its lists are the same.
        #expect(
            storage(first.endpoints[1]!.clusters[0x0003]!.attributes)
                == storage(second.endpoints[1]!.clusters[0x0003]!.attributes))
        #expect(
            storage(first.endpoints[1]!.clusters[0x0006]!.attributes)
                != storage(second.endpoints[1]!.clusters[0x0006]!.attributes))
        #expect(storage(second.endpoints[1]!.clusters) == storage(third.endpoints[1]!.clusters))
        #expect(first.endpoints[0]!.clusters[0x0028] != second.endpoints[0]!.clusters[0x0028])
        guard case .list(let firstList)? = first.endpoints[0]!.clusters[0x0028]!.attributes[0xFFFB],
            case .list(let secondList)? = second.endpoints[0]!.clusters[0x0028]!.attributes[0xFFFB]
        else {
            Issue.record("Basic Information has no AttributeList")
            return
        }
        #expect(unsafeBitCast(firstList, to: UInt.self) == unsafeBitCast(secondList, to: UInt.self))

        // A change to a shared part changes one node only.
        var changed = second
        changed[AttributePath(endpoint: 1, cluster: 0x0003, attribute: 0x0000)] = .unsigned(30)
        #expect(third[AttributePath(endpoint: 1, cluster: 0x0003, attribute: 0x0000)] == .unsigned(0))
    }
}

extension NodeData {
    /// This node's one cluster's attributes, on endpoint `endpoint` as cluster `cluster`, with no device types.
    fileprivate func withEndpoint(_ endpoint: EndpointID, cluster: ClusterID) -> NodeData {
        let attributes = endpoints.values.first!.clusters.values.first!.attributes
        return NodeData(endpoints: [
            EndpointData(id: endpoint, deviceTypes: [], clusters: [ClusterData(id: cluster, attributes: attributes)])
        ])
    }
}
