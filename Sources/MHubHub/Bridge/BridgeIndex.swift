import MatterDataModel

/// Which device endpoint each bridged endpoint of the hub's Matter node shows, and the bridged endpoints in order.
///
/// Derived from the nodes' stored numbers (`Node.bridgedEndpoints`) once at start, then kept in step as devices join
/// and leave: a device added gets numbers above every earlier one, so `endpoints` stays sorted by appending, and a
/// lookup by number is a dictionary's. The Matter node walks `endpoints` (a wildcard read, PartsList) and looks
/// numbers up; neither copies the home.
public struct BridgeIndex: Hashable, Sendable {
    /// A device endpoint: a node of the home and one of its endpoints.
    public struct Target: Hashable, Sendable {
        public var node: NodeID
        public var endpoint: EndpointID

        public init(node: NodeID, endpoint: EndpointID) {
            self.node = node
            self.endpoint = endpoint
        }
    }

    /// Every bridged endpoint number, ascending.
    public private(set) var endpoints: [EndpointID] = []
    public private(set) var targets: ShardedDictionary<EndpointID, Target> = [:]

    public init() {}

    /// The index of `nodes`' stored numbers.
    public init(nodes: ShardedDictionary<NodeID, Node>) {
        for (_, node) in nodes {
            for (device, bridged) in node.bridgedEndpoints {
                targets[bridged] = Target(node: node.id, endpoint: device)
            }
        }
        endpoints = targets.keys.sorted()
    }

    /// The device endpoint bridged at `endpoint`.
    public func target(of endpoint: EndpointID) -> Target? {
        targets[endpoint]
    }

    /// Adds a node's numbers.
    mutating func insert(_ node: Node) {
        for (device, bridged) in node.bridgedEndpoints.sorted(by: { $0.value < $1.value }) {
            targets[bridged] = Target(node: node.id, endpoint: device)
            if let last = endpoints.last, bridged < last {
                endpoints.insert(bridged, at: insertionIndex(of: bridged))
            } else {
                endpoints.append(bridged)
            }
        }
    }

    /// Removes a node's numbers.
    mutating func remove(_ node: Node) {
        for bridged in node.bridgedEndpoints.values where targets.removeValue(forKey: bridged) != nil {
            let index = insertionIndex(of: bridged)
            if index < endpoints.count, endpoints[index] == bridged { endpoints.remove(at: index) }
        }
    }

    /// The first index whose number is not below `endpoint` (binary search).
    func insertionIndex(of endpoint: EndpointID) -> Int {
        var low = 0
        var high = endpoints.count
        while low < high {
            let middle = (low + high) / 2
            if endpoints[middle] < endpoint { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
