import Foundation

/// A vector file from `Fixtures/`: blocks that start with `[name]` (or `Section N:`), holding `key = value`.
///
/// Values are the first word after `=` (hex), or the text between quotes for strings; lines without `=`
/// and prose after the value are ignored.
/// A name given twice in one block keeps its last value.
public struct VectorFile {
    public let blocks: [String: [String: String]]

    /// Loads `Fixtures/NAME.txt` from a test target's resource bundle (pass `Bundle.module`).
    public static func load(_ name: String, in bundle: Bundle) throws -> VectorFile {
        guard let url = bundle.url(forResource: name, withExtension: "txt", subdirectory: "Fixtures") else {
            throw VectorFileError(description: "no Fixtures/\(name).txt in \(bundle.bundlePath)")
        }
        let text = try String(contentsOf: url, encoding: .utf8)
        var blocks: [String: [String: String]] = [:]
        var current = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("["), trimmed.hasSuffix("]") {
                current = String(trimmed.dropFirst().dropLast())
                continue
            }
            if trimmed.hasPrefix("Section "), let colon = trimmed.firstIndex(of: ":") {
                current = String(trimmed[..<colon]).lowercased()
                continue
            }
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
            let rest = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            let value: String
            if rest.hasPrefix("\"") {
                value = String(rest.dropFirst().prefix { $0 != "\"" })
            } else {
                value = String(rest.prefix { !$0.isWhitespace })
            }
            // The last line wins: prose before a vector can use the same names ("ws = PBKDF2(...)").
            blocks[current, default: [:]][key] = value
        }
        return VectorFile(blocks: blocks)
    }

    public func block(_ name: String) throws -> Block {
        guard let values = blocks[name] else { throw VectorFileError(description: "no block [\(name)]") }
        return Block(name: name, values: values)
    }

    public struct Block {
        public let name: String
        public let values: [String: String]

        public func hex(_ key: String) throws -> [UInt8] {
            guard let value = values[key] else { throw VectorFileError(description: "\(name) has no \(key)") }
            return bytes(fromHex: value)
        }

        public func text(_ key: String) throws -> String {
            guard let value = values[key] else { throw VectorFileError(description: "\(name) has no \(key)") }
            return value
        }
    }
}

/// A vector file, block or value that is not there.
public struct VectorFileError: Error, CustomStringConvertible {
    public var description: String
}
