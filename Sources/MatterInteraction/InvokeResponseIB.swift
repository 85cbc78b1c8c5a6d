import MatterTLV

/// InvokeResponseIB: a response command, or the status that takes its place.
///
/// A structure (CHIP `src/app/MessageDef/InvokeResponseIB.h` `Tag`): 0 Command (CommandDataIB with the response
/// command's ID and fields) or 1 Status (CommandStatusIB, `CommandStatusIB.h`: 0 CommandPath, 1 Status (StatusIB),
/// 2 Ref).
public enum InvokeResponseIB: Hashable, Sendable {
    case command(CommandDataIB)
    case status(path: CommandPathIB, StatusIB, ref: UInt16?)

    var element: TLVElement {
        switch self {
        case .command(let data):
            return TLVElement(.structure([TLVElement(tag: .context(0), data.element.value)]))
        case .status(let path, let status, let ref):
            var members = [path.element(tag: .context(0)), status.element(tag: .context(1))]
            if let ref { members.append(TLVElement(tag: .context(2), .unsigned(UInt64(ref)))) }
            return TLVElement(.structure([TLVElement(tag: .context(1), .structure(members))]))
        }
    }

    /// Reads a response (for tests and peers written in Swift).
    public init(_ element: TLVElement) throws(InteractionModelError) {
        let fields = try TLVFields(element, "InvokeResponseIB")
        if let command = fields.element(0) {
            self = .command(try CommandDataIB(command))
            return
        }
        guard let status = fields.element(1) else { throw .missingField("InvokeResponseIB.Command or Status") }
        let statusFields = try TLVFields(status, "CommandStatusIB")
        guard let path = statusFields.element(0) else { throw .missingField("CommandStatusIB.CommandPath") }
        guard let statusIB = statusFields.element(1) else { throw .missingField("CommandStatusIB.Status") }
        self = .status(
            path: try CommandPathIB(path), try StatusIB(statusIB),
            ref: try statusFields.unsigned(2, "CommandRef", as: UInt16.self))
    }
}
