/// A command of a cluster as the specification defines it (Core 7.14).
public struct SpecCommand: Hashable, Sendable {
    public enum Direction: String, Hashable, Sendable {
        /// Client to server: a command the server accepts.
        case request
        /// Server to client: a response the server generates.
        case response
    }

    public var id: UInt32
    public var name: String
    public var direction: Direction?
    /// For a request, its response: `status` (a status response only) or the name of a response command.
    public var response: String?
    /// The privilege needed to invoke it and its qualities (`O`, `M`, `A`, `F` fabric-scoped, `T` timed).
    public var access: String?
    /// As written (Core 7.3); `nil` when not given.
    public var conformance: String?
    public var fields: [SpecField]

    public init(
        id: UInt32, name: String, direction: Direction? = nil, response: String? = nil, access: String? = nil,
        conformance: String? = nil, fields: [SpecField] = []
    ) {
        self.id = id
        self.name = name
        self.direction = direction
        self.response = response
        self.access = access
        self.conformance = conformance
        self.fields = fields
    }
}
