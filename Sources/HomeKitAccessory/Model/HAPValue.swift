/// A characteristic's value as HAP carries it in JSON.
public enum HAPValue: Hashable, Sendable {
    case bool(Bool)
    /// Every integer format (uint8 … uint64, int).
    case int(Int64)
    case float(Double)
    case string(String)
    /// `tlv8` and `data`: bytes, written as Base64.
    case data([UInt8])
    /// No value: what a Stateless Programmable Switch's event reads as (HAP R14 §9.75).
    case null
}
