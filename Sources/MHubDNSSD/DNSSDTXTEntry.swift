/// One TXT record string, `key=value`, with a binary-safe value (RFC 6763 section 6).
///
/// Matter values are ASCII text; `_meshcop._udp` values are raw bytes (reference A.4), hence `[UInt8]`.
public struct DNSSDTXTEntry: Hashable, Sendable, CustomStringConvertible {
    public var key: String
    public var value: [UInt8]

    public init(_ key: String, _ value: [UInt8]) {
        self.key = key
        self.value = value
    }

    /// An entry whose value is the UTF-8 text `value`.
    public init(_ key: String, _ value: String) {
        self.init(key, Array(value.utf8))
    }

    /// The string as it goes on the wire: key, `=`, value.
    public var bytes: [UInt8] { Array(key.utf8) + [UInt8(ascii: "=")] + value }

    /// The value as text when it is valid UTF-8.
    public var text: String? { String(validating: value, as: UTF8.self) }

    public var description: String {
        if let text, text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) {
            return "\(key)=\(text)"
        }
        return "\(key)=0x\(hexString(value))"
    }

    /// Checks the key and the entry's length.
    ///
    /// A key is 1 or more printable ASCII characters other than `=`; the whole string fits in 255 bytes
    /// (RFC 6763 sections 6.1 and 6.4).
    public func validate() throws(DNSSDError) {
        let field = "txt[\"\(key)\"]"
        guard !key.isEmpty else { throw DNSSDError(field, "a TXT key cannot be empty") }
        guard key.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F && $0 != "=" }) else {
            throw DNSSDError(field, "a TXT key is printable ASCII without '='")
        }
        guard bytes.count <= 255 else {
            throw DNSSDError(field, "the TXT string is \(bytes.count) bytes long; at most 255 fit")
        }
    }
}
