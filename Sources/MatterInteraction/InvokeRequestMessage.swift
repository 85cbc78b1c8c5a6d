import MatterTLV

/// InvokeRequestMessage (Interaction Model opcode 0x08).
///
/// An anonymous structure (CHIP `src/app/MessageDef/InvokeRequestMessage.h` `Tag`; matter.js
/// `TlvInvokeRequest`): 0 SuppressResponse (bool), 1 TimedRequest (bool), 2 InvokeRequests (array of
/// CommandDataIB), 0xFF InteractionModelRevision. CHIP's `CommandHandler::ProcessInvokeRequest` requires the two
/// flags and at least one request.
public struct InvokeRequestMessage: Hashable, Sendable {
    public var suppressResponse: Bool
    public var timedRequest: Bool
    public var invokeRequests: [CommandDataIB]
    public var interactionModelRevision: UInt8?

    public init(
        suppressResponse: Bool = false, timedRequest: Bool = false, invokeRequests: [CommandDataIB],
        interactionModelRevision: UInt8? = InteractionModel.revision
    ) {
        self.suppressResponse = suppressResponse
        self.timedRequest = timedRequest
        self.invokeRequests = invokeRequests
        self.interactionModelRevision = interactionModelRevision
    }

    public init(payload: [UInt8]) throws(InteractionModelError) {
        let fields = try TLVFields(payload: payload)
        suppressResponse = try fields.requiredBool(0, "SuppressResponse")
        timedRequest = try fields.requiredBool(1, "TimedRequest")
        guard let elements = try fields.array(2, "InvokeRequests") else { throw .missingField("InvokeRequests") }
        var requests: [CommandDataIB] = []
        for element in elements {
            requests.append(try CommandDataIB(element))
        }
        guard !requests.isEmpty else { throw .missingField("InvokeRequests (it is empty)") }
        invokeRequests = requests
        interactionModelRevision = try fields.unsigned(
            InteractionModel.revisionTag, "InteractionModelRevision", as: UInt8.self)
    }

    public func encoded() -> [UInt8] {
        var members = [
            TLVElement(tag: .context(0), .bool(suppressResponse)),
            TLVElement(tag: .context(1), .bool(timedRequest)),
            TLVElement(tag: .context(2), .array(invokeRequests.map(\.element))),
        ]
        members += InteractionModel.revisionMember(interactionModelRevision)
        return TLVEncoder.encode(TLVElement(.structure(members)))
    }
}
