/// A data type a cluster defines (an enumeration, a bitmap or a structure) or a global one (Core 7.19).
public struct SpecDatatype: Hashable, Sendable {
    public var name: String
    /// What it is built on: `enum8`, `bitmap16`, `struct`, or a base type for a derived global type.
    public var type: String?
    /// As written (Core 7.3); `nil` when not given.
    public var conformance: String?
    /// Its items, bits or fields.
    public var fields: [SpecField]

    public init(name: String, type: String? = nil, conformance: String? = nil, fields: [SpecField] = []) {
        self.name = name
        self.type = type
        self.conformance = conformance
        self.fields = fields
    }
}
