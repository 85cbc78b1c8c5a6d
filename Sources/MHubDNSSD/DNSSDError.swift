/// Why a service description cannot be advertised: which input breaks which rule.
///
/// The builders check every input against the limits of the Matter reference section A (lengths from CHIP
/// `src/lib/dnssd/Constants.h` and `TxtFields.h`, ranges from `ServiceNaming.cpp`) and of DNS-SD itself
/// (RFC 6763: labels of at most 63 bytes, TXT strings of at most 255 bytes).
public struct DNSSDError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The input at fault, named as in the builder (`discriminator`, `txt["DN"]`, `instanceName`).
    public var field: String
    /// What is wrong with it, in a sentence without a trailing period.
    public var message: String

    public init(_ field: String, _ message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}
