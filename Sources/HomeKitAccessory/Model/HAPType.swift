/// A service's or characteristic's type as `/accessories` writes it: an Apple-defined type in its short form
/// (`"25"` for On: the UUID `00000025-0000-1000-8000-0026BB765291` without its leading zeros and the base suffix,
/// HAP R14 §6.6.1), or a full UUID for a type of anyone else's.
public struct HAPType: Hashable, Sendable, CustomStringConvertible {
    /// The text as written: upper-case hexadecimal.
    public let text: String

    /// An Apple-defined type by its number (On is 0x25).
    public init(_ short: UInt32) {
        text = String(short, radix: 16, uppercase: true)
    }

    /// A full UUID (upper-cased).
    public init(uuid: String) {
        text = uuid.uppercased()
    }

    public var description: String { text }
}
