import MatterTLV

/// ReadRequestMessage (Interaction Model opcode 0x02).
///
/// An anonymous structure (CHIP `src/app/MessageDef/ReadRequestMessage.h` `Tag`; matter.js
/// `packages/types/src/protocol/messages/TlvReadRequest.ts`): 0 AttributeRequests (array of AttributePathIB),
/// 1 EventRequests (array of EventPathIB), 2 EventFilters (array), 3 FabricFiltered (bool), 4 DataVersionFilters
/// (array of DataVersionFilterIB), 0xFF InteractionModelRevision (uint8). Unknown tags are ignored, for forward
/// compatibility, as CHIP's parser does. Event paths are only counted: this node keeps no events.
public struct ReadRequestMessage: Hashable, Sendable {
    public var attributeRequests: [AttributePathIB]?
    /// How many EventPathIBs the request has (nil when the field is absent).
    public var eventRequestCount: Int?
    public var fabricFiltered: Bool?
    public var dataVersionFilters: [DataVersionFilterIB]?
    public var interactionModelRevision: UInt8?

    public init(
        attributeRequests: [AttributePathIB]?, eventRequestCount: Int? = nil, fabricFiltered: Bool? = true,
        dataVersionFilters: [DataVersionFilterIB]? = nil, interactionModelRevision: UInt8? = InteractionModel.revision
    ) {
        self.attributeRequests = attributeRequests
        self.eventRequestCount = eventRequestCount
        self.fabricFiltered = fabricFiltered
        self.dataVersionFilters = dataVersionFilters
        self.interactionModelRevision = interactionModelRevision
    }

    /// Reads a request and checks its attribute paths (`AttributePathIB.validateForRead()`).
    public init(payload: [UInt8]) throws(InteractionModelError) {
        let fields = try TLVFields(payload: payload)
        var paths: [AttributePathIB]?
        if let elements = try fields.array(0, "AttributeRequests") {
            paths = []
            for element in elements {
                let path = try AttributePathIB(element)
                try path.validateForRead()
                paths?.append(path)
            }
        }
        attributeRequests = paths
        if let events = try fields.array(1, "EventRequests") {
            for event in events {
                _ = try TLVFields(event, "EventPathIB", allowsList: true)
            }
            eventRequestCount = events.count
        }
        _ = try fields.array(2, "EventFilters")
        fabricFiltered = try fields.bool(3, "FabricFiltered")
        var filters: [DataVersionFilterIB]?
        if let elements = try fields.array(4, "DataVersionFilters") {
            filters = []
            for element in elements {
                filters?.append(try DataVersionFilterIB(element))
            }
        }
        dataVersionFilters = filters
        interactionModelRevision = try fields.unsigned(
            InteractionModel.revisionTag, "InteractionModelRevision", as: UInt8.self)
        if (attributeRequests ?? []).isEmpty && (eventRequestCount ?? 0) == 0 {
            throw .missingField("AttributeRequests or EventRequests")
        }
    }

    /// The request as TLV (for tests and peers written in Swift).
    public func encoded() -> [UInt8] {
        var members: [TLVElement] = []
        if let attributeRequests {
            members.append(TLVElement(tag: .context(0), .array(attributeRequests.map { $0.element(tag: .anonymous) })))
        }
        if let fabricFiltered { members.append(TLVElement(tag: .context(3), .bool(fabricFiltered))) }
        if let dataVersionFilters {
            let filters = dataVersionFilters.map { filter in
                var path: [TLVElement] = []
                if let endpoint = filter.endpoint {
                    path.append(TLVElement(tag: .context(1), .unsigned(UInt64(endpoint))))
                }
                if let cluster = filter.cluster {
                    path.append(TLVElement(tag: .context(2), .unsigned(UInt64(cluster))))
                }
                var members = [TLVElement(tag: .context(0), .list(path))]
                if let version = filter.dataVersion {
                    members.append(TLVElement(tag: .context(1), .unsigned(UInt64(version))))
                }
                return TLVElement(.structure(members))
            }
            members.append(TLVElement(tag: .context(4), .array(filters)))
        }
        if let interactionModelRevision {
            members.append(
                TLVElement(tag: .context(InteractionModel.revisionTag), .unsigned(UInt64(interactionModelRevision))))
        }
        return TLVEncoder.encode(TLVElement(.structure(members)))
    }
}
