/// An attribute of a cluster as the specification defines it (Core 7.13; each cluster's section).
public struct SpecAttribute: Hashable, Sendable {
    public var id: UInt32
    public var name: String
    public var type: String?
    /// The access as written (Core 7.6): `R V`, `RW VM`, `R[W] VO`, with `F` fabric-scoped and `S` sensitive.
    public var access: String?
    /// The conformance expression as written (Core 7.3); `nil` when none is given (a derived cluster's element
    /// then keeps its base's).
    public var conformance: String?
    public var constraint: String?
    public var `default`: SpecValue?
    /// The quality flags as written (Core 7.7): `X` nullable, `N` non-volatile, `S` scene, `P` reportable, `C`
    /// changes omitted, `F` fixed, `Q` quieter reporting.
    public var quality: String?
    /// The inline enumeration, bitmap or list entry of the attribute, when it has one of its own.
    public var fields: [SpecField]

    public init(
        id: UInt32, name: String, type: String? = nil, access: String? = nil, conformance: String? = nil,
        constraint: String? = nil, default: SpecValue? = nil, quality: String? = nil, fields: [SpecField] = []
    ) {
        self.id = id
        self.name = name
        self.type = type
        self.access = access
        self.conformance = conformance
        self.constraint = constraint
        self.default = `default`
        self.quality = quality
        self.fields = fields
    }
}
