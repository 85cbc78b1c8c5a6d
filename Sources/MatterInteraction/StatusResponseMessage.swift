import MatterTLV

/// StatusResponseMessage (Interaction Model opcode 0x01): a status on its own.
///
/// An anonymous structure (CHIP `src/app/MessageDef/StatusResponseMessage.h`): 0 Status (uint8),
/// 0xFF InteractionModelRevision. A reader acknowledges each non-final ReportData chunk with SUCCESS; a
/// responder refuses a request it cannot parse or does not support with INVALID_ACTION
/// (`InteractionModelEngine::OnMessageReceived`).
public struct StatusResponseMessage: Hashable, Sendable {
    public var status: InteractionModelStatus
    public var interactionModelRevision: UInt8?

    public init(status: InteractionModelStatus, interactionModelRevision: UInt8? = InteractionModel.revision) {
        self.status = status
        self.interactionModelRevision = interactionModelRevision
    }

    public init(payload: [UInt8]) throws(InteractionModelError) {
        let fields = try TLVFields(payload: payload)
        status = InteractionModelStatus(rawValue: try fields.requiredUnsigned(0, "Status", as: UInt8.self))
        interactionModelRevision = try fields.unsigned(
            InteractionModel.revisionTag, "InteractionModelRevision", as: UInt8.self)
    }

    public func encoded() -> [UInt8] {
        var members = [TLVElement(tag: .context(0), .unsigned(UInt64(status.rawValue)))]
        members += InteractionModel.revisionMember(interactionModelRevision)
        return TLVEncoder.encode(TLVElement(.structure(members)))
    }
}
