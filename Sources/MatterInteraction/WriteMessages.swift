import MatterDataModel
import MatterTLV

/// AttributeDataIB as a write carries it: the attribute's path (possibly with a list index), the data, and the
/// data version the writer expects.
///
/// A structure (CHIP `src/app/MessageDef/AttributeDataIB.h`): 0 DataVersion (uint32, optional: a write whose
/// version does not match the cluster's gets DATA_VERSION_MISMATCH), 1 Path, 2 Data (any TLV).
public struct AttributeDataIB: Hashable, Sendable {
    public var dataVersion: UInt32?
    public var path: AttributePathIB
    public var data: TLVValue

    public init(path: AttributePathIB, data: TLVValue, dataVersion: UInt32? = nil) {
        self.path = path
        self.data = data
        self.dataVersion = dataVersion
    }

    public init(_ element: TLVElement) throws(InteractionModelError) {
        let fields = try TLVFields(element, "AttributeDataIB")
        dataVersion = try fields.unsigned(0, "DataVersion", as: UInt32.self)
        guard let path = fields.element(1) else { throw .missingField("AttributeDataIB.Path") }
        self.path = try AttributePathIB(path)
        guard let data = fields.element(2) else { throw .missingField("AttributeDataIB.Data") }
        self.data = data.value
    }

    var element: TLVElement {
        var members: [TLVElement] = []
        if let dataVersion { members.append(TLVElement(tag: .context(0), .unsigned(UInt64(dataVersion)))) }
        members.append(path.element(tag: .context(1)))
        members.append(TLVElement(tag: .context(2), data))
        return TLVElement(.structure(members))
    }
}

/// AttributeStatusIB: the status of one attribute of a write (CHIP `src/app/MessageDef/AttributeStatusIB.h`:
/// 0 Path, 1 Status).
public struct AttributeStatusIB: Hashable, Sendable {
    public var path: AttributePathIB
    public var status: StatusIB

    public init(path: AttributePathIB, status: StatusIB) {
        self.path = path
        self.status = status
    }

    public init(_ element: TLVElement) throws(InteractionModelError) {
        let fields = try TLVFields(element, "AttributeStatusIB")
        guard let path = fields.element(0) else { throw .missingField("AttributeStatusIB.Path") }
        guard let status = fields.element(1) else { throw .missingField("AttributeStatusIB.Status") }
        self.path = try AttributePathIB(path)
        self.status = try StatusIB(status)
    }

    var element: TLVElement {
        TLVElement(.structure([path.element(tag: .context(0)), status.element(tag: .context(1))]))
    }
}

/// WriteRequestMessage (Interaction Model opcode 0x06).
///
/// An anonymous structure (CHIP `src/app/MessageDef/WriteRequestMessage.h` `Tag`): 0 SuppressResponse (bool),
/// 1 TimedRequest (bool), 2 WriteRequests (array of AttributeDataIB), 3 MoreChunkedMessages (bool),
/// 0xFF InteractionModelRevision. CHIP's `WriteHandler::ProcessWriteRequest` requires TimedRequest and the writes.
public struct WriteRequestMessage: Hashable, Sendable {
    public var suppressResponse: Bool
    public var timedRequest: Bool
    public var writeRequests: [AttributeDataIB]
    public var moreChunkedMessages: Bool
    public var interactionModelRevision: UInt8?

    public init(
        suppressResponse: Bool = false, timedRequest: Bool = false, writeRequests: [AttributeDataIB],
        moreChunkedMessages: Bool = false, interactionModelRevision: UInt8? = InteractionModel.revision
    ) {
        self.suppressResponse = suppressResponse
        self.timedRequest = timedRequest
        self.writeRequests = writeRequests
        self.moreChunkedMessages = moreChunkedMessages
        self.interactionModelRevision = interactionModelRevision
    }

    public init(payload: [UInt8]) throws(InteractionModelError) {
        let fields = try TLVFields(payload: payload)
        suppressResponse = try fields.bool(0, "SuppressResponse") ?? false
        timedRequest = try fields.requiredBool(1, "TimedRequest")
        guard let elements = try fields.array(2, "WriteRequests") else { throw .missingField("WriteRequests") }
        writeRequests = try elements.map { element throws(InteractionModelError) in try AttributeDataIB(element) }
        moreChunkedMessages = try fields.bool(3, "MoreChunkedMessages") ?? false
        interactionModelRevision = try fields.unsigned(
            InteractionModel.revisionTag, "InteractionModelRevision", as: UInt8.self)
    }

    public func encoded() -> [UInt8] {
        var members = [
            TLVElement(tag: .context(0), .bool(suppressResponse)),
            TLVElement(tag: .context(1), .bool(timedRequest)),
            TLVElement(tag: .context(2), .array(writeRequests.map(\.element))),
        ]
        if moreChunkedMessages { members.append(TLVElement(tag: .context(3), .bool(true))) }
        members += InteractionModel.revisionMember(interactionModelRevision)
        return TLVEncoder.encode(TLVElement(.structure(members)))
    }
}

/// WriteResponseMessage (Interaction Model opcode 0x07): one AttributeStatusIB per write
/// (CHIP `src/app/MessageDef/WriteResponseMessage.h`: 0 WriteResponses, 0xFF InteractionModelRevision).
public struct WriteResponseMessage: Hashable, Sendable {
    public var writeResponses: [AttributeStatusIB]
    public var interactionModelRevision: UInt8?

    public init(writeResponses: [AttributeStatusIB], interactionModelRevision: UInt8? = InteractionModel.revision) {
        self.writeResponses = writeResponses
        self.interactionModelRevision = interactionModelRevision
    }

    public init(payload: [UInt8]) throws(InteractionModelError) {
        let fields = try TLVFields(payload: payload)
        writeResponses = try (fields.array(0, "WriteResponses") ?? []).map { element throws(InteractionModelError) in
            try AttributeStatusIB(element)
        }
        interactionModelRevision = try fields.unsigned(
            InteractionModel.revisionTag, "InteractionModelRevision", as: UInt8.self)
    }

    public func encoded() -> [UInt8] {
        var members = [TLVElement(tag: .context(0), .array(writeResponses.map(\.element)))]
        members += InteractionModel.revisionMember(interactionModelRevision)
        return TLVEncoder.encode(TLVElement(.structure(members)))
    }
}
