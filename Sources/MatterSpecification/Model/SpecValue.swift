/// A value as the specification model writes it: an attribute's or a field's default, or a device type's required
/// value (`DeviceTypeList`'s `[{deviceType: 256, revision: 3}]`). Kept as written; what it means depends on the
/// element's type.
public indirect enum SpecValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case list([SpecValue])
    /// Members in the order they are written.
    case object([SpecMember])

    /// The member called `name` of an object.
    public subscript(member name: String) -> SpecValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.name == name }?.value
    }

    /// The value as a whole number, if it is one.
    public var integer: Int64? {
        if case .integer(let number) = self { return number }
        return nil
    }
}

/// One member of an object value.
public struct SpecMember: Hashable, Sendable {
    public var name: String
    public var value: SpecValue

    public init(_ name: String, _ value: SpecValue) {
        self.name = name
        self.value = value
    }
}
