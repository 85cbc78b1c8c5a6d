import MatterTLV

/// TimedRequestMessage (Interaction Model opcode 0x0A): the next message on the exchange, an invoke or a write,
/// must arrive within `timeoutMilliseconds`.
///
/// An anonymous structure (CHIP `src/app/MessageDef/TimedRequestMessage.h`): 0 TimeoutMs (uint16),
/// 0xFF InteractionModelRevision. The answer is a StatusResponse (CHIP `TimedHandler::OnMessageReceived`).
public struct TimedRequestMessage: Hashable, Sendable {
    public var timeoutMilliseconds: UInt16
    public var interactionModelRevision: UInt8?

    public init(timeoutMilliseconds: UInt16, interactionModelRevision: UInt8? = InteractionModel.revision) {
        self.timeoutMilliseconds = timeoutMilliseconds
        self.interactionModelRevision = interactionModelRevision
    }

    public init(payload: [UInt8]) throws(InteractionModelError) {
        let fields = try TLVFields(payload: payload)
        timeoutMilliseconds = try fields.requiredUnsigned(0, "TimeoutMs", as: UInt16.self)
        interactionModelRevision = try fields.unsigned(
            InteractionModel.revisionTag, "InteractionModelRevision", as: UInt8.self)
    }

    public func encoded() -> [UInt8] {
        var members = [TLVElement(tag: .context(0), .unsigned(UInt64(timeoutMilliseconds)))]
        members += InteractionModel.revisionMember(interactionModelRevision)
        return TLVEncoder.encode(TLVElement(.structure(members)))
    }
}
