import MatterDataModel
import MatterTLV

/// AttributePathIB: a path to attribute data, where an absent endpoint, cluster or attribute is a wildcard.
///
/// A TLV list (CHIP `src/app/MessageDef/AttributePathIB.h` `Tag`): 0 EnableTagCompression (bool),
/// 1 Node (uint64), 2 Endpoint (uint16), 3 Cluster (uint32), 4 Attribute (uint32), 5 ListIndex (uint16 or
/// null), 6 WildcardPathFlags (uint32, newer SDKs). This node reads only its own data, so Node is ignored.
public struct AttributePathIB: Hashable, Sendable, CustomStringConvertible {
    /// ListIndex: absent, null (append, in writes) or an index.
    public enum ListIndex: Hashable, Sendable {
        case null
        case index(UInt16)
    }

    public var enableTagCompression: Bool?
    public var node: UInt64?
    public var endpoint: EndpointID?
    public var cluster: ClusterID?
    public var attribute: AttributeID?
    public var listIndex: ListIndex?
    public var wildcardPathFlags: UInt32?

    public init(
        endpoint: EndpointID? = nil, cluster: ClusterID? = nil, attribute: AttributeID? = nil, node: UInt64? = nil,
        listIndex: ListIndex? = nil, enableTagCompression: Bool? = nil, wildcardPathFlags: UInt32? = nil
    ) {
        self.endpoint = endpoint
        self.cluster = cluster
        self.attribute = attribute
        self.node = node
        self.listIndex = listIndex
        self.enableTagCompression = enableTagCompression
        self.wildcardPathFlags = wildcardPathFlags
    }

    /// The concrete path of one attribute.
    public init(_ path: AttributePath) {
        self.init(endpoint: path.endpoint, cluster: path.cluster, attribute: path.attribute)
    }

    /// Reads a path; CHIP writes a list, a structure is accepted too.
    public init(_ element: TLVElement) throws(InteractionModelError) {
        let fields = try TLVFields(element, "AttributePathIB", allowsList: true)
        enableTagCompression = try fields.bool(0, "EnableTagCompression")
        node = try fields.unsigned(1, "Node", as: UInt64.self)
        endpoint = try fields.unsigned(2, "Endpoint", as: EndpointID.self)
        cluster = try fields.unsigned(3, "Cluster", as: ClusterID.self)
        attribute = try fields.unsigned(4, "Attribute", as: AttributeID.self)
        if let index = fields.element(5) {
            switch index.value {
            case .null: listIndex = .null
            case .unsigned(let value):
                guard let value = UInt16(exactly: value) else {
                    throw .valueOutOfRange(field: "ListIndex", value: value)
                }
                listIndex = .index(value)
            case .signed, .bool, .float, .double, .utf8, .bytes, .structure, .array, .list:
                throw .wrongType("ListIndex")
            }
        }
        wildcardPathFlags = try fields.unsigned(6, "WildcardPathFlags", as: UInt32.self)
    }

    /// The concrete path, if endpoint, cluster and attribute are all given.
    public var concrete: AttributePath? {
        guard let endpoint, let cluster, let attribute else { return nil }
        return AttributePath(endpoint: endpoint, cluster: cluster, attribute: attribute)
    }

    /// Checks the path as CHIP's `AttributePathIB::Parser::ParsePath` does before a read: IDs in their
    /// ranges, a wildcard cluster only with a wildcard or global attribute, a list index only with a
    /// concrete attribute. Each violation makes the whole request INVALID_ACTION.
    public func validateForRead() throws(InteractionModelError) {
        if endpoint == 0xFFFF { throw .invalidPath("endpoint 0xFFFF is the wildcard value") }
        if let cluster, !Self.isValidClusterID(cluster) {
            throw .invalidPath("cluster 0x\(String(cluster, radix: 16)) is not a valid cluster ID")
        }
        if let attribute, !Self.isValidAttributeID(attribute) {
            throw .invalidPath("attribute 0x\(String(attribute, radix: 16)) is not a valid attribute ID")
        }
        if cluster == nil, let attribute, !Self.isGlobalAttribute(attribute) {
            throw .invalidPath("a wildcard cluster needs a wildcard or global attribute")
        }
        if listIndex != nil, attribute == nil {
            throw .invalidPath("a list index needs a concrete attribute")
        }
    }

    /// Standard clusters 0x0000–0x7FFF, or manufacturer-specific ones 0xFC00–0xFFFE under a vendor prefix
    /// (CHIP `src/lib/core/DataModelTypes.h` `IsValidClusterId`).
    public static func isValidClusterID(_ id: ClusterID) -> Bool {
        let vendor = id >> 16
        let number = id & 0xFFFF
        return (vendor == 0 && number <= 0x7FFF)
            || (vendor >= 0x0001 && vendor <= 0xFFFE && (0xFC00...0xFFFE).contains(number))
    }

    /// 0x0000–0x4FFF, or the global attributes 0xF000–0xFFFE of the standard vendor
    /// (CHIP `DataModelTypes.h` `IsValidAttributeId`).
    static func isValidAttributeID(_ id: AttributeID) -> Bool {
        let vendor = id >> 16
        let number = id & 0xFFFF
        return (number <= 0x4FFF && vendor <= 0xFFFE) || (vendor == 0 && (0xF000...0xFFFE).contains(number))
    }

    static func isGlobalAttribute(_ id: AttributeID) -> Bool {
        (0xF000...0xFFFE).contains(id)
    }

    /// The path as a TLV list with `tag`, members in tag order.
    func element(tag: TLVTag) -> TLVElement {
        var members: [TLVElement] = []
        if let enableTagCompression { members.append(TLVElement(tag: .context(0), .bool(enableTagCompression))) }
        if let node { members.append(TLVElement(tag: .context(1), .unsigned(node))) }
        if let endpoint { members.append(TLVElement(tag: .context(2), .unsigned(UInt64(endpoint)))) }
        if let cluster { members.append(TLVElement(tag: .context(3), .unsigned(UInt64(cluster)))) }
        if let attribute { members.append(TLVElement(tag: .context(4), .unsigned(UInt64(attribute)))) }
        switch listIndex {
        case .none: break
        case .null: members.append(TLVElement(tag: .context(5), .null))
        case .index(let index): members.append(TLVElement(tag: .context(5), .unsigned(UInt64(index))))
        }
        if let wildcardPathFlags { members.append(TLVElement(tag: .context(6), .unsigned(UInt64(wildcardPathFlags)))) }
        return TLVElement(tag: tag, .list(members))
    }

    public var description: String {
        func part(_ value: (some BinaryInteger)?) -> String {
            value.map { "0x" + String($0, radix: 16, uppercase: true) } ?? "*"
        }
        return "\(endpoint.map { String($0) } ?? "*")/\(part(cluster))/\(part(attribute))"
    }
}
