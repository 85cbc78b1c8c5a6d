/// A command a cluster server accepts, or a response it generates, with its fields.
public struct CommandDefinition: Hashable, Sendable {
    public var id: CommandID
    /// The specification name, such as `On` or `MoveToLevelWithOnOff`.
    public var name: String
    public var fields: [CommandField]
    /// The ID of the response command this command answers with; `nil` when it answers with a status.
    public var response: CommandID?
    /// The privilege an invoke needs (the cluster XML's `access op="invoke"`): Operate unless it says more.
    public var privilege: AccessPrivilege
    /// Whether the command must come in a timed invoke (the cluster XML's `mustUseTimedInvoke`).
    public var timed: Bool

    public init(
        id: CommandID, name: String, fields: [CommandField] = [], response: CommandID? = nil,
        privilege: AccessPrivilege = .operate, timed: Bool = false
    ) {
        self.id = id
        self.name = name
        self.fields = fields
        self.response = response
        self.privilege = privilege
        self.timed = timed
    }

    /// The field with context tag `id`.
    public func field(_ id: UInt32) -> CommandField? {
        fields.first { $0.id == id }
    }

    /// The field called `name`.
    public func field(named name: String) -> CommandField? {
        fields.first { $0.name == name }
    }
}
