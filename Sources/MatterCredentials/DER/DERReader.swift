/// One DER element: its identifier, its content and where it lies in the input.
public struct DERElement: Hashable, Sendable {
    public let tag: UInt8
    /// The content octets (a slice of the input, so its indices are offsets into it).
    public let content: ArraySlice<UInt8>
    /// Identifier, length and content: the element as it was encoded.
    public let encoded: ArraySlice<UInt8>

    /// Where the element starts in the input.
    public var offset: Int { encoded.startIndex }

    /// A reader over the members of a constructed element (SEQUENCE, SET, an EXPLICIT tag).
    public func members() throws(DERDecodingError) -> DERReader {
        guard tag & 0x20 != 0 else {
            throw .invalidValue("a primitive element where a constructed one belongs", offset: offset)
        }
        return DERReader(content)
    }

    /// The element must carry `expected`.
    func checkTag(_ expected: UInt8) throws(DERDecodingError) {
        guard tag == expected else { throw .unexpectedTag(expected: expected, found: tag, offset: offset) }
    }
}

/// Reads a sequence of strict DER elements (ITU-T X.690 §10: definite, shortest lengths; one-byte tags).
///
/// Every read is bounds-checked and every malformed input throws, so the reader is total over any bytes.
public struct DERReader: Sendable {
    private let bytes: ArraySlice<UInt8>
    private var position: Int

    public init(_ bytes: [UInt8]) {
        self.init(bytes[...])
    }

    public init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
    }

    public var isAtEnd: Bool { position == bytes.endIndex }

    /// The identifier of the next element, if any.
    public var nextTag: UInt8? { isAtEnd ? nil : bytes[position] }

    /// The next element.
    public mutating func next() throws(DERDecodingError) -> DERElement {
        let start = position
        guard bytes.endIndex - position >= 2 else { throw .truncated(offset: start) }
        let tag = bytes[position]
        guard tag & 0x1F != 0x1F else { throw .unsupportedTag(offset: start) }
        let first = bytes[position + 1]
        position += 2
        let length: Int
        if first < 0x80 {
            length = Int(first)
        } else {
            // 0x80 alone is the indefinite form; more than 3 length bytes cannot fit anything we read.
            let count = Int(first & 0x7F)
            guard (1...3).contains(count) else { throw .nonMinimalLength(offset: start) }
            guard bytes.endIndex - position >= count else { throw .truncated(offset: start) }
            var value = 0
            for index in 0..<count {
                value = value << 8 | Int(bytes[position + index])
            }
            position += count
            guard bytes[position - count] != 0, value >= 0x80 else { throw .nonMinimalLength(offset: start) }
            length = value
        }
        guard bytes.endIndex - position >= length else { throw .truncated(offset: start) }
        let content = bytes[position..<position + length]
        position += length
        return DERElement(tag: tag, content: content, encoded: bytes[start..<position])
    }

    /// The next element, which must carry `tag`.
    public mutating func next(_ tag: UInt8) throws(DERDecodingError) -> DERElement {
        let element = try next()
        try element.checkTag(tag)
        return element
    }

    /// The next element if it carries `tag` (for OPTIONAL and DEFAULT fields), else nothing is read.
    public mutating func optional(_ tag: UInt8) throws(DERDecodingError) -> DERElement? {
        guard nextTag == tag else { return nil }
        return try next()
    }

    /// The input must be used up.
    public func finish() throws(DERDecodingError) {
        guard isAtEnd else { throw .trailingBytes(offset: position) }
    }

    /// Decodes exactly one element spanning all of `bytes`.
    public static func single(_ bytes: [UInt8]) throws(DERDecodingError) -> DERElement {
        var reader = DERReader(bytes)
        let element = try reader.next()
        try reader.finish()
        return element
    }
}
