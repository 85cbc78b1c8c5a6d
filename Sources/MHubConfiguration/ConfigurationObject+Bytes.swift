import MHubJSON

/// Byte strings in configuration files: hexadecimal text of a fixed length, and IPv6 prefixes.
extension ConfigurationObject {
    /// `count` bytes written as `2 × count` hexadecimal digits, either case; `nil` when the key is absent or
    /// `null` and `fallback` is `nil`.
    mutating func hexBytes(_ key: String, count: Int, default fallback: [UInt8]?) throws(ConfigurationError)
        -> [UInt8]?
    {
        guard let value = raw(key) else { return fallback }
        if value == .null { return nil }
        guard case .string(let text) = value, let bytes = Self.bytes(fromHex: text), bytes.count == count else {
            throw ConfigurationError(
                key: keyPath(key), reason: "must be \(count * 2) hexadecimal digits (\(count) bytes)")
        }
        return bytes
    }

    /// `count` bytes written as hexadecimal digits; the key may be absent but not `null`.
    mutating func hexBytes(_ key: String, count: Int, default fallback: [UInt8]) throws(ConfigurationError)
        -> [UInt8]
    {
        guard let bytes = try hexBytes(key, count: count, default: Optional(fallback)) else {
            throw ConfigurationError(
                key: keyPath(key), reason: "must be \(count * 2) hexadecimal digits (\(count) bytes)")
        }
        return bytes
    }

    /// Optional text of 1 to `maximum` bytes of UTF-8.
    mutating func optionalText(_ key: String, maximum: Int, default fallback: String?) throws(ConfigurationError)
        -> String?
    {
        guard raw(key) != nil else { return fallback }
        guard let text = try optionalString(key) else { return nil }
        guard (1...maximum).contains(text.utf8.count) else {
            throw ConfigurationError(key: keyPath(key), reason: "must be 1 to \(maximum) bytes of UTF-8")
        }
        return text
    }

    /// Text of 1 to `maximum` bytes of UTF-8.
    mutating func text(_ key: String, maximum: Int, default fallback: String) throws(ConfigurationError) -> String {
        let text = try string(key, default: fallback)
        guard (1...maximum).contains(text.utf8.count) else {
            throw ConfigurationError(key: keyPath(key), reason: "must be 1 to \(maximum) bytes of UTF-8")
        }
        return text
    }

    static func bytes(fromHex text: String) -> [UInt8]? {
        try? HexText.decode(text).get()
    }
}

/// Uppercase hexadecimal, two digits a byte, as the configuration writes byte strings back.
func hexText(_ bytes: [UInt8]) -> String {
    HexText.encode(bytes, uppercase: true)
}
