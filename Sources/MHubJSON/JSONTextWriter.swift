/// Writes compact JSON text straight from typed values, with no `JSONValue` tree on the way: objects member by
/// member in the order the caller writes them, arrays element by element; the commas are the writer's business.
///
/// The protocol's types write their keys in the order of their UTF-8 bytes, the order in which `JSONWriter` writes
/// a `JSONValue`'s, so the text is the same either way (docs/protocol.md's golden blocks are compared byte for byte).
public struct JSONTextWriter: ~Copyable {
    var output: ByteOutput
    /// Whether the next value is the first in its object or array (no comma before it).
    private var first = true
    /// Whether a key was just written (its value takes no comma).
    private var afterKey = false

    public init(capacity: Int = 256) {
        output = ByteOutput(capacity: capacity)
    }

    public consuming func bytes() -> [UInt8] {
        output.bytes()
    }

    private mutating func separate() {
        if afterKey {
            afterKey = false
        } else if !first {
            output.append(UInt8(ascii: ","))
        }
        first = false
    }

    public mutating func beginObject() {
        separate()
        output.append(UInt8(ascii: "{"))
        first = true
    }

    public mutating func endObject() {
        output.append(UInt8(ascii: "}"))
        first = false
    }

    public mutating func beginArray() {
        separate()
        output.append(UInt8(ascii: "["))
        first = true
    }

    public mutating func endArray() {
        output.append(UInt8(ascii: "]"))
        first = false
    }

    /// A member's key: a name of the protocol's, plain ASCII that needs no escape.
    public mutating func key(_ key: StaticString) {
        separate()
        output.append(UInt8(ascii: "\""))
        output.append(key)
        output.append("\":")
        afterKey = true
    }

    /// A key made at run time (an attribute path, a vendor ID), escaped as a string is.
    public mutating func key(_ key: String) {
        separate()
        JSONWriter.writeString(key, to: &output)
        output.append(UInt8(ascii: ":"))
        afterKey = true
    }

    public mutating func null() {
        separate()
        output.append("null")
    }

    public mutating func bool(_ value: Bool) {
        separate()
        output.append(value ? "true" : "false")
    }

    public mutating func integer(_ value: Int64) {
        separate()
        output.appendDecimal(value)
    }

    public mutating func string(_ value: String) {
        separate()
        JSONWriter.writeString(value, to: &output)
    }

    public mutating func value(_ value: JSONValue) {
        separate()
        JSONWriter.write(value, indent: nil, level: 0, to: &output)
    }

    /// JSON text written before (`JSONText`), as it is.
    public mutating func text(_ text: JSONText) {
        separate()
        output.append(contentsOf: text.utf8)
    }

    /// `key` and then `value`.
    public mutating func member(_ key: StaticString, _ value: some JSONWritable) {
        self.key(key)
        value.write(to: &self)
    }
}

/// A value that writes itself as JSON text (`JSONTextWriter`): the protocol's types, and `JSONValue` itself.
public protocol JSONWritable {
    func write(to json: inout JSONTextWriter)
}

extension JSONValue: JSONWritable {
    public func write(to json: inout JSONTextWriter) { json.value(self) }
}

extension String: JSONWritable {
    public func write(to json: inout JSONTextWriter) { json.string(self) }
}

extension Int64: JSONWritable {
    public func write(to json: inout JSONTextWriter) { json.integer(self) }
}

extension Bool: JSONWritable {
    public func write(to json: inout JSONTextWriter) { json.bool(self) }
}

extension Optional: JSONWritable where Wrapped: JSONWritable {
    /// `null` for none.
    public func write(to json: inout JSONTextWriter) {
        switch self {
        case .none: json.null()
        case .some(let value): value.write(to: &json)
        }
    }
}

extension Array: JSONWritable where Element: JSONWritable {
    public func write(to json: inout JSONTextWriter) {
        json.beginArray()
        for element in self { element.write(to: &json) }
        json.endArray()
    }
}

/// One JSON value already written as compact text (UTF-8): a reply's result or an event's data as the hub made it
/// from its typed value, put into the envelope as it is.
public struct JSONText: Hashable, Sendable, JSONWritable, CustomStringConvertible {
    public let utf8: [UInt8]

    public init(_ value: some JSONWritable) {
        var writer = JSONTextWriter()
        value.write(to: &writer)
        utf8 = writer.bytes()
    }

    public static let nullValue = JSONText(JSONValue.null)

    /// The value read back: for tests, logs and the few readers inside the daemon.
    public var value: JSONValue {
        (try? JSONParser(maximumDepth: 512, maximumBytes: Int.max).parse(utf8)) ?? .null
    }

    public func write(to json: inout JSONTextWriter) { json.text(self) }

    public var description: String { String(decoding: utf8, as: UTF8.self) }
}

extension Dictionary: JSONWritable where Key == String, Value: JSONWritable {
    /// An object, its members in the order of their keys (as `JSONWriter` writes a `JSONValue`'s).
    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        for key in keys.sorted() {
            json.key(key)
            self[key]?.write(to: &json)
        }
        json.endObject()
    }
}
