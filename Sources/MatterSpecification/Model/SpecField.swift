/// A field of a command, an event or a structure, an item of an enumeration (its `id` is the value), or a bit of a
/// bitmap (its `constraint` is the bit or the bit range), as the specification lists it.
public struct SpecField: Hashable, Sendable {
    /// The field's tag, or the enumeration item's value; `nil` for bitmap bits (their position is the constraint).
    public var id: UInt32?
    public var name: String
    /// The data type's name: a base type (`uint16`, `enum8`, `list`), a global type or one of the cluster's own.
    public var type: String?
    /// The conformance expression as the specification writes it (Core 7.3); `nil` when none is given (a derived
    /// cluster's element then keeps its base's).
    public var conformance: String?
    /// The constraint as written (Core 7.18): `desc`, `0 to 254`, `max 32`, a bit position for a bitmap bit.
    public var constraint: String?
    public var `default`: SpecValue?
    /// The quality flags as written (Core 7.7): `X` nullable, `N` non-volatile, `F` fixed, and so on.
    public var quality: String?
    /// The access as written (Core 7.6), for fabric-sensitive fields: `F`, `S`.
    public var access: String?
    /// The fields of a structure; for a list, one field called `entry` with the entries' type.
    public var fields: [SpecField]

    public init(
        id: UInt32? = nil, name: String, type: String? = nil, conformance: String? = nil, constraint: String? = nil,
        default: SpecValue? = nil, quality: String? = nil, access: String? = nil,
        fields: [SpecField] = []
    ) {
        self.id = id
        self.name = name
        self.type = type
        self.conformance = conformance
        self.constraint = constraint
        self.default = `default`
        self.quality = quality
        self.access = access
        self.fields = fields
    }
}
