import MHubJSON
import MHubProtocol
import MatterDataModel

/// How a simulated device's endpoints are laid out: one application endpoint, several of one device type (a power
/// strip's outlets), or a bridge with N bridged devices of one type; N is chosen when the device is created.
///
/// Stored as the device's (and its node's) `template` text, so the database keeps its shape: `KEY`, `KEY*N` or
/// `bridge/KEY*N`.
public enum SimulatedLayout: Hashable, Sendable {
    case single(DeviceTemplate)
    case endpoints(DeviceTemplate, count: Int)
    case bridge(DeviceTemplate, count: Int)

    /// The template key `add_simulated_device` takes for a bridge.
    public static let bridgeKey = "bridge"

    /// The arguments of a layout beside its template.
    enum LayoutArgument {
        case endpoints, bridgedDevices, bridgedTemplate
    }

    /// Why a request's endpoint count, bridged device count and bridged template do not go with its template: the
    /// argument at fault and the reason, or nil. `add_simulated_device` and scenario files both ask.
    static func mismatch(in request: AddSimulatedDevice) -> (argument: LayoutArgument, reason: String)? {
        if request.template == bridgeKey {
            if request.endpoints != nil { return (.endpoints, "a bridge takes bridged_devices, not endpoints") }
            if let key = request.bridgedTemplate, DeviceTemplates.named(key)?.isComposed == true {
                return (.bridgedTemplate, "\(key) is a device of several endpoints; a bridge's devices have one each")
            }
            return nil
        }
        guard request.bridgedDevices == nil, request.bridgedTemplate == nil else {
            return (
                request.bridgedDevices != nil ? .bridgedDevices : .bridgedTemplate,
                "bridged_devices and bridged_template are for template \"bridge\""
            )
        }
        if let count = request.endpoints, count != 1, let template = DeviceTemplates.named(request.template),
            template.isComposed
        {
            return (
                .endpoints, "\(template.key) is a composed device, its parts on endpoints of their own: no endpoints"
            )
        }
        return nil
    }
    public static let maximumEndpoints = 16
    public static let maximumBridgedDevices = 64

    /// The layout stored as `text`, if it names known templates and counts in range.
    public init?(stored text: String) {
        var rest = Substring(text)
        let bridged = rest.hasPrefix(Self.bridgeKey + "/")
        if bridged { rest = rest.dropFirst(Self.bridgeKey.count + 1) }
        var count = 1
        if let star = rest.lastIndex(of: "*") {
            guard let parsed = Int(rest[rest.index(after: star)...]), parsed >= 1 else { return nil }
            count = parsed
            rest = rest[..<star]
        }
        guard let template = DeviceTemplates.named(String(rest)), !template.isComposed || (!bridged && count == 1)
        else { return nil }
        if bridged {
            guard count <= Self.maximumBridgedDevices else { return nil }
            self = .bridge(template, count: count)
        } else if count > 1 {
            guard count <= Self.maximumEndpoints else { return nil }
            self = .endpoints(template, count: count)
        } else {
            self = .single(template)
        }
    }

    public var stored: String {
        switch self {
        case .single(let template): template.key
        case .endpoints(let template, let count): "\(template.key)*\(count)"
        case .bridge(let template, let count): "\(Self.bridgeKey)/\(template.key)*\(count)"
        }
    }

    /// The template of the device (or of each bridged device).
    public var template: DeviceTemplate {
        switch self {
        case .single(let template), .endpoints(let template, _), .bridge(let template, _): template
        }
    }

    /// The key clients see as `template`: the template's, or `bridge`.
    public var key: String {
        switch self {
        case .single, .endpoints: template.key
        case .bridge: Self.bridgeKey
        }
    }

    /// The device type a commissioner discovers (Aggregator for a bridge).
    public var deviceTypeID: DeviceTypeID {
        switch self {
        case .single, .endpoints: template.deviceType.id
        case .bridge: 0x000E
        }
    }

    public func makeNode(identity: NodeIdentity) -> NodeData {
        switch self {
        case .single(let template):
            // A library template's node is made once; each node of it differs only in its identity.
            return madeNode?.node.settingIdentity(identity) ?? template.makeNode(identity: identity)
        case .endpoints(let template, let count): return template.makeNode(identity: identity, endpointCount: count)
        case .bridge(let template, let count): return template.makeBridge(identity: identity, bridgedCount: count)
        }
    }

    /// `makeNode(identity:)` with the node's `ohfAttributes`. For a library template's single endpoint both come from
    /// the node and attributes made once: only endpoint 0's Basic Information is made again for `identity`, the one
    /// cluster that differs, so nodes of one template share every other attribute's JSON.
    func makeNodeWithAttributes(identity: NodeIdentity) -> (data: NodeData, attributes: [String: JSONValue]) {
        guard let made = madeNode else {
            let data = makeNode(identity: identity)
            return (data, data.ohfAttributes)
        }
        let data = made.node.settingIdentity(identity)
        var attributes = made.attributes
        let values = data.endpoints[0]?.clusters[ClusterDefinition.basicInformation.id]?.attributes ?? [:]
        for (attribute, key) in made.basicInformationKeys {
            attributes[key] = values[attribute]?.json
        }
        return (data, attributes)
    }

    /// A library template's node for an identity of no one, its `ohfAttributes`, and the keys there of endpoint 0's
    /// Basic Information attributes, the ones an identity sets.
    private struct MadeNode {
        var template: DeviceTemplate
        var node: NodeData
        var attributes: [String: JSONValue]
        var basicInformationKeys: [(AttributeID, String)]
    }

    /// The `MadeNode` of a single endpoint of a library template, if this is one.
    private var madeNode: MadeNode? {
        guard case .single(let template) = self, let made = Self.singleNodes[template.key], made.template == template
        else { return nil }
        return made
    }

    /// Each library template's `MadeNode`, by key.
    private static let singleNodes: [String: MadeNode] = Dictionary(
        uniqueKeysWithValues: DeviceTemplates.all.map { template in
            let identity = NodeIdentity(
                vendorID: 0, vendorName: "", productID: 0, productName: "", nodeLabel: "", serialNumber: "",
                uniqueID: "", hardwareVersion: 0, softwareVersion: 0, softwareVersionString: "")
            let node = template.makeNode(identity: identity)
            let cluster = ClusterDefinition.basicInformation.id
            let keys = (node.endpoints[0]?.clusters[cluster]?.attributes.keys).map(Array.init) ?? []
            return (
                template.key,
                MadeNode(
                    template: template, node: node, attributes: node.ohfAttributes,
                    basicInformationKeys: keys.map {
                        ($0, AttributePath(endpoint: 0, cluster: cluster, attribute: $0).description)
                    })
            )
        })

    /// What `get_simulated_devices` and `get_devices` add for a layout of more than one endpoint: its endpoints of
    /// one type, or a bridge's bridged devices and their template.
    var counts: (endpoints: Int64?, bridgedDevices: Int64?, bridgedTemplate: String?) {
        switch self {
        case .single: (nil, nil, nil)
        case .endpoints(_, let count): (Int64(count), nil, nil)
        case .bridge(let template, let count): (nil, Int64(count), template.key)
        }
    }
}

extension Node {
    /// The node's device IDs, one per device endpoint: `"<node_id>:<endpoint_id>"` for every application endpoint
    /// but an Aggregator (docs/protocol.md §7). Node IDs are never reused and a node's endpoints never change, so a
    /// device ID names one device for good, across restarts.
    public var deviceIDs: [String] {
        data.deviceEndpoints.map { "\(id):\($0)" }
    }
}
