import MatterTLV

/// ReadRequestMessage (Interaction Model opcode 0x02).
///
/// An anonymous structure (CHIP `src/app/MessageDef/ReadRequestMessage.h` `Tag`; matter.js
/// `packages/types/src/protocol/messages/TlvReadRequest.ts`): 0 AttributeRequests (array of AttributePathIB),
/// 1 EventRequests (array of EventPathIB), 2 EventFilters (array of EventFilterIB), 3 FabricFiltered (bool),
/// 4 DataVersionFilters (array of DataVersionFilterIB), 0xFF InteractionModelRevision (uint8). Unknown tags are
/// ignored, for forward compatibility, as CHIP's parser does.
public struct ReadRequestMessage: Hashable, Sendable {
    public var attributeRequests: [AttributePathIB]?
    public var eventRequests: [EventPathIB]?
    public var eventFilters: [EventFilterIB]?
    public var fabricFiltered: Bool?
    public var dataVersionFilters: [DataVersionFilterIB]?
    public var interactionModelRevision: UInt8?

    public init(
        attributeRequests: [AttributePathIB]?, eventRequests: [EventPathIB]? = nil,
        eventFilters: [EventFilterIB]? = nil, fabricFiltered: Bool? = true,
        dataVersionFilters: [DataVersionFilterIB]? = nil, interactionModelRevision: UInt8? = InteractionModel.revision
    ) {
        self.attributeRequests = attributeRequests
        self.eventRequests = eventRequests
        self.eventFilters = eventFilters
        self.fabricFiltered = fabricFiltered
        self.dataVersionFilters = dataVersionFilters
        self.interactionModelRevision = interactionModelRevision
    }

    /// How many EventPathIBs the request has (nil when the field is absent).
    public var eventRequestCount: Int? { eventRequests?.count }

    /// Reads a request and checks its paths (`AttributePathIB.validateForRead()`, `EventPathIB`).
    public init(payload: [UInt8]) throws(InteractionModelError) {
        let fields = try TLVFields(payload: payload)
        attributeRequests = try Self.attributePaths(fields.array(0, "AttributeRequests"))
        eventRequests = try Self.eventPaths(fields.array(1, "EventRequests"))
        eventFilters = try Self.eventFilters(fields.array(2, "EventFilters"))
        fabricFiltered = try fields.bool(3, "FabricFiltered")
        dataVersionFilters = try Self.dataVersionFilters(fields.array(4, "DataVersionFilters"))
        interactionModelRevision = try fields.unsigned(
            InteractionModel.revisionTag, "InteractionModelRevision", as: UInt8.self)
        if (attributeRequests ?? []).isEmpty && (eventRequests ?? []).isEmpty {
            throw .missingField("AttributeRequests or EventRequests")
        }
    }

    static func attributePaths(_ elements: [TLVElement]?) throws(InteractionModelError) -> [AttributePathIB]? {
        guard let elements else { return nil }
        var paths: [AttributePathIB] = []
        for element in elements {
            let path = try AttributePathIB(element)
            try path.validateForRead()
            paths.append(path)
        }
        return paths
    }

    static func eventPaths(_ elements: [TLVElement]?) throws(InteractionModelError) -> [EventPathIB]? {
        try elements?.map { element throws(InteractionModelError) in try EventPathIB(element) }
    }

    static func eventFilters(_ elements: [TLVElement]?) throws(InteractionModelError) -> [EventFilterIB]? {
        try elements?.map { element throws(InteractionModelError) in try EventFilterIB(element) }
    }

    static func dataVersionFilters(_ elements: [TLVElement]?) throws(InteractionModelError) -> [DataVersionFilterIB]? {
        try elements?.map { element throws(InteractionModelError) in try DataVersionFilterIB(element) }
    }

    /// The request as TLV (for tests and peers written in Swift).
    public func encoded() -> [UInt8] {
        var members: [TLVElement] = []
        if let attributeRequests {
            members.append(TLVElement(tag: .context(0), .array(attributeRequests.map { $0.element(tag: .anonymous) })))
        }
        if let eventRequests {
            members.append(TLVElement(tag: .context(1), .array(eventRequests.map { $0.element(tag: .anonymous) })))
        }
        if let eventFilters {
            members.append(TLVElement(tag: .context(2), .array(eventFilters.map { $0.element(tag: .anonymous) })))
        }
        if let fabricFiltered { members.append(TLVElement(tag: .context(3), .bool(fabricFiltered))) }
        if let dataVersionFilters {
            members.append(TLVElement(tag: .context(4), .array(dataVersionFilters.map(\.element))))
        }
        members += InteractionModel.revisionMember(interactionModelRevision)
        return TLVEncoder.encode(TLVElement(.structure(members)))
    }
}
