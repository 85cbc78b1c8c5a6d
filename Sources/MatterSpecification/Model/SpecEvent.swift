/// An event of a cluster as the specification defines it (Core 7.15).
public struct SpecEvent: Hashable, Sendable {
    public enum Priority: String, Hashable, Sendable {
        case debug
        case info
        case critical
    }

    public var id: UInt32
    public var name: String
    public var priority: Priority?
    /// The privilege needed to read it, and `F` when fabric-sensitive.
    public var access: String?
    /// As written (Core 7.3); `nil` when not given.
    public var conformance: String?
    public var fields: [SpecField]

    public init(
        id: UInt32, name: String, priority: Priority? = nil, access: String? = nil, conformance: String? = nil,
        fields: [SpecField] = []
    ) {
        self.id = id
        self.name = name
        self.priority = priority
        self.access = access
        self.conformance = conformance
        self.fields = fields
    }
}
