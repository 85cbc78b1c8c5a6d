/// One field of a command's request or response, by context tag.
///
/// `name` is the field's specification name in lower camel case as `chip.clusters.Objects` labels it
/// (`level`, `transitionTime`, `optionsMask`, `PINCode`).
public struct CommandField: Hashable, Sendable {
    /// The field's context tag.
    public var id: UInt32
    public var name: String
    public var type: AttributeType
    public var nullable: Bool
    /// Whether a sender may leave the field out.
    public var optional: Bool

    public init(id: UInt32, name: String, type: AttributeType, nullable: Bool = false, optional: Bool = false) {
        self.id = id
        self.name = name
        self.type = type
        self.nullable = nullable
        self.optional = optional
    }
}
