/// The value of a Matter attribute, in the shapes the Interaction Model carries.
///
/// Structures are keyed by their fields' context tags, as TLV carries them.
public enum AttributeValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case signed(Int64)
    case unsigned(UInt64)
    case float(Double)
    case string(String)
    case bytes([UInt8])
    case list([AttributeValue])
    case structure([UInt32: AttributeValue])
}
