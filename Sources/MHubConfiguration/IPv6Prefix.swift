/// An IPv6 prefix in RFC 4291 section 2.3 text form, such as `fd4d:4855:4200:1::/64`.
public struct IPv6Prefix: Equatable, Sendable, CustomStringConvertible {
    /// The 16 address bytes as written (bits past `length` are kept).
    public var address: [UInt8]
    /// The prefix length in bits, 0 to 128.
    public var length: UInt8

    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let length = UInt8(parts[1]), length <= 128,
            let address = Self.parseAddress(String(parts[0]))
        else { return nil }
        self.address = address
        self.length = length
    }

    /// RFC 4291 section 2.2 forms 1 and 2: eight groups of 1 to 4 hex digits, with at most one `::`
    /// standing for one or more groups of zeros. The embedded IPv4 form is not accepted.
    static func parseAddress(_ text: String) -> [UInt8]? {
        let halves = split(text, at: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ part: String) -> [UInt16]? {
            if part.isEmpty { return [] }
            var values: [UInt16] = []
            for group in part.split(separator: ":", omittingEmptySubsequences: false) {
                guard (1...4).contains(group.utf8.count), let value = UInt16(group, radix: 16) else { return nil }
                values.append(value)
            }
            return values
        }
        guard let head = groups(halves[0]) else { return nil }
        var all = head
        if halves.count == 2 {
            guard let tail = groups(halves[1]), head.count + tail.count <= 7 else { return nil }
            all += Array(repeating: 0, count: 8 - head.count - tail.count) + tail
        }
        guard all.count == 8 else { return nil }
        return all.flatMap { [UInt8($0 >> 8), UInt8(truncatingIfNeeded: $0)] }
    }

    /// Lowercase groups without leading zeros, the longest run of two or more zero groups written `::`
    /// (RFC 5952 section 4).
    public var description: String {
        let groups = stride(from: 0, to: 16, by: 2).map { UInt16(address[$0]) << 8 | UInt16(address[$0 + 1]) }
        var best = (start: -1, count: 0)
        var index = 0
        while index < 8 {
            var end = index
            while end < 8 && groups[end] == 0 { end += 1 }
            if end - index > best.count && end - index >= 2 { best = (index, end - index) }
            index = max(end, index + 1)
        }
        let text = { (slice: ArraySlice<UInt16>) in slice.map { String($0, radix: 16) }.joined(separator: ":") }
        let written =
            best.start < 0
            ? text(groups[...])
            : text(groups[..<best.start]) + "::" + text(groups[(best.start + best.count)...])
        return "\(written)/\(length)"
    }

    /// `text` cut at every occurrence of `separator`.
    private static func split(_ text: String, at separator: String) -> [String] {
        var parts: [String] = []
        var rest = Substring(text)
        while let range = rest.firstRange(of: separator) {
            parts.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        parts.append(String(rest))
        return parts
    }
}
