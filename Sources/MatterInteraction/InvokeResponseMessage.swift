import MatterTLV

/// InvokeResponseMessage (Interaction Model opcode 0x09).
///
/// An anonymous structure (CHIP `src/app/MessageDef/InvokeResponseMessage.h` `Tag`): 0 SuppressResponse (bool),
/// 1 InvokeResponses (array of InvokeResponseIB), 2 MoreChunkedMessages (bool), 0xFF InteractionModelRevision.
public struct InvokeResponseMessage: Hashable, Sendable {
    public var suppressResponse: Bool
    public var invokeResponses: [InvokeResponseIB]
    public var moreChunkedMessages: Bool?
    public var interactionModelRevision: UInt8?

    public init(
        suppressResponse: Bool = false, invokeResponses: [InvokeResponseIB], moreChunkedMessages: Bool? = nil,
        interactionModelRevision: UInt8? = InteractionModel.revision
    ) {
        self.suppressResponse = suppressResponse
        self.invokeResponses = invokeResponses
        self.moreChunkedMessages = moreChunkedMessages
        self.interactionModelRevision = interactionModelRevision
    }

    public func encoded() -> [UInt8] {
        var members = [
            TLVElement(tag: .context(0), .bool(suppressResponse)),
            TLVElement(tag: .context(1), .array(invokeResponses.map(\.element))),
        ]
        if let moreChunkedMessages { members.append(TLVElement(tag: .context(2), .bool(moreChunkedMessages))) }
        members += InteractionModel.revisionMember(interactionModelRevision)
        return TLVEncoder.encode(TLVElement(.structure(members)))
    }

    /// Reads a response (for tests and peers written in Swift).
    public init(payload: [UInt8]) throws(InteractionModelError) {
        let fields = try TLVFields(payload: payload)
        suppressResponse = try fields.bool(0, "SuppressResponse") ?? false
        var responses: [InvokeResponseIB] = []
        for element in try fields.array(1, "InvokeResponses") ?? [] {
            responses.append(try InvokeResponseIB(element))
        }
        invokeResponses = responses
        moreChunkedMessages = try fields.bool(2, "MoreChunkedMessages")
        interactionModelRevision = try fields.unsigned(
            InteractionModel.revisionTag, "InteractionModelRevision", as: UInt8.self)
    }
}
