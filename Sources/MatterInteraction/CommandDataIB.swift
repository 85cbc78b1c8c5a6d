import MatterTLV

/// CommandDataIB: a command (or a response command) and its fields.
///
/// A structure (CHIP `src/app/MessageDef/CommandDataIB.h` `Tag`): 0 CommandPath (CommandPathIB), 1 CommandFields
/// (a structure of context-tagged fields; empty for a command without fields), 2 Ref (uint16, with batched
/// invokes: the response echoes it).
public struct CommandDataIB: Hashable, Sendable {
    public var path: CommandPathIB
    /// The members of CommandFields; nil when the field is absent.
    public var fields: [TLVElement]?
    public var ref: UInt16?

    public init(path: CommandPathIB, fields: [TLVElement]? = [], ref: UInt16? = nil) {
        self.path = path
        self.fields = fields
        self.ref = ref
    }

    public init(_ element: TLVElement) throws(InteractionModelError) {
        let reader = try TLVFields(element, "CommandDataIB")
        guard let path = reader.element(0) else { throw .missingField("CommandDataIB.CommandPath") }
        self.path = try CommandPathIB(path)
        if let fields = reader.element(1) {
            guard case .structure(let members) = fields.value else { throw .wrongType("CommandFields") }
            self.fields = members
        }
        ref = try reader.unsigned(2, "CommandRef", as: UInt16.self)
    }

    var element: TLVElement {
        var members = [path.element(tag: .context(0))]
        if let fields { members.append(TLVElement(tag: .context(1), .structure(fields))) }
        if let ref { members.append(TLVElement(tag: .context(2), .unsigned(UInt64(ref)))) }
        return TLVElement(.structure(members))
    }
}
