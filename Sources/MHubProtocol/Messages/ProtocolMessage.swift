import MHubJSON

/// A value the protocol carries in a reply or an event: written member by member in key order (`JSONWritable`),
/// and read back by a client, strictly about what it needs and silent about members a newer hub adds.
public protocol ProtocolValue: ProtocolReply, JSONWritable, Hashable {
    /// What it is, as a message about it names it ("a room").
    static var what: String { get }
    init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation)
}

extension ProtocolValue {
    /// Reads one from a reply's result or an event's data.
    public init(json: JSONValue) throws(ProtocolViolation) {
        var object = try JSONObjectReader(json, what: Self.what, context: ProtocolReading(what: Self.what))
        try self.init(reading: &object)
    }
}

/// What a request's reply reads into: a value, a list of them, or nothing the caller needs.
public protocol ProtocolReply: Sendable {
    init(json: JSONValue) throws(ProtocolViolation)
}

extension Array: ProtocolReply where Element: ProtocolValue {
    public init(json: JSONValue) throws(ProtocolViolation) {
        guard case .array(let values) = json else {
            throw ProtocolViolation("a list of \(Element.what) is \(json.typeName)")
        }
        var elements: [Element] = []
        elements.reserveCapacity(values.count)
        for value in values { elements.append(try Element(json: value)) }
        self = elements
    }
}

/// One request of the control protocol as a value: its command, its arguments as a client writes them, and how the
/// hub reads them back (with the hub's own wording of every failure, through its `JSONReadContext`).
public protocol ProtocolRequest: Sendable {
    associatedtype Reply: ProtocolReply
    static var command: HubCommand { get }
    /// Reads the arguments; the caller then rejects any it did not read (`JSONObjectReader.rejectUnknown`). Each
    /// message's reading is `@inlinable`, so that the hub's router specializes it for its own context; generic and
    /// unspecialized across the module boundary it looked up type metadata on every read (docs/benchmarks.md).
    init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure)
    /// The `args` object, as a client sends it.
    var arguments: [String: JSONValue] { get }
}

/// A reply whose result the caller does not read (`null`, or an acknowledgement).
public struct NoReply: ProtocolReply, Hashable {
    public init() {}
    public init(json: JSONValue) {}
}

/// How a client words what it could not read in a reply or an event.
public struct ProtocolReading: JSONReadContext {
    public var what: String

    public init(what: String) {
        self.what = what
    }

    public var nullIsAbsent: Bool { true }

    public func failure(_ error: JSONReadError) -> ProtocolViolation {
        switch error.problem {
        case .notAnObject(let what, let found): ProtocolViolation("\(what) is \(found), not an object")
        case .invalid(let reason): ProtocolViolation("\(what): \(reason)")
        default: ProtocolViolation("\(what) has no \(error.key)")
        }
    }
}

/// A reply or an event that does not have the shape the protocol gives it.
public struct ProtocolViolation: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}

extension JSONObjectReader {
    /// A list of strings; an element that is not one is skipped. Absent is empty.
    public mutating func strings(_ key: String) throws(Context.Failure) -> [String] {
        try array(key).compactMap { if case .string(let text) = $0.value { text } else { nil } }
    }

    /// A list of whole numbers; absent is empty.
    public mutating func integers(_ key: String) throws(Context.Failure) -> [Int64] {
        try array(key).compactMap { if case .integer(let number) = $0.value { number } else { nil } }
    }
}

/// The arguments by which requests name a node, a simulated device or a structure: where a scenario puts the IDs
/// its own names for them resolve to.
public enum IdentifyingArgument: String, Hashable, Sendable {
    case nodeID = "node_id"
    case simulatedDeviceID = "simulated_device_id"
    case structureID = "structure_id"
}
