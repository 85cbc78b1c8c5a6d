/// What the hub knows about one attribute of a cluster: its ID, name, type, access and initial value.
///
/// `name` is the specification name in lower camel case as the Python CHIP controller's
/// `chip.clusters.Objects` labels it (`onOff`, `vendorID`, `acl`, `PINCode`-style leading acronyms kept).
public struct AttributeDefinition: Hashable, Sendable {
    public var id: AttributeID
    public var name: String
    public var type: AttributeType
    /// Whether a client may write it (the specification's `W`, including optionally writable ones we allow).
    public var writable: Bool
    /// The privilege a write needs (the cluster XML's `access op="write"`): Operate unless the specification says
    /// Manage or Administer.
    public var writePrivilege: AccessPrivilege
    public var nullable: Bool
    /// The inclusive constraint on integer values, when tighter than the type's natural range.
    public var range: ClosedRange<Int64>?
    /// The value a fresh device reports; always accepted by `accepts(_:)`.
    public var `default`: AttributeValue

    public init(
        id: AttributeID, name: String, type: AttributeType, writable: Bool = false,
        writePrivilege: AccessPrivilege = .operate, nullable: Bool = false, range: ClosedRange<Int64>? = nil,
        default: AttributeValue
    ) {
        self.id = id
        self.name = name
        self.type = type
        self.writable = writable
        self.writePrivilege = writePrivilege
        self.nullable = nullable
        self.range = range
        self.default = `default`
    }

    /// Whether `value` may be this attribute's value: `null` only if nullable, else the type and range.
    public func accepts(_ value: AttributeValue) -> Bool {
        if case .null = value { return nullable }
        guard type.accepts(value) else { return false }
        guard let range else { return true }
        switch value {
        case .signed(let number):
            return range.contains(number)
        case .unsigned(let number):
            guard let number = Int64(exactly: number) else { return false }
            return range.contains(number)
        case .null, .bool, .float, .string, .bytes, .list, .structure:
            return true
        }
    }
}
