import MatterTLV

/// SubscribeRequestMessage (Interaction Model opcode 0x03).
///
/// An anonymous structure (CHIP `src/app/MessageDef/SubscribeRequestMessage.h` `Tag`): 0 KeepSubscriptions (bool),
/// 1 MinIntervalFloorSeconds (uint16), 2 MaxIntervalCeilingSeconds (uint16), 3 AttributeRequests, 4 EventRequests,
/// 5 EventFilters, 7 IsFabricFiltered (bool), 8 DataVersionFilters, 0xFF InteractionModelRevision. CHIP's
/// `ReadHandler::ProcessSubscribeRequest` requires the two intervals, KeepSubscriptions and IsFabricFiltered, and a
/// floor no higher than the ceiling.
public struct SubscribeRequestMessage: Hashable, Sendable {
    public var keepSubscriptions: Bool
    public var minIntervalFloorSeconds: UInt16
    public var maxIntervalCeilingSeconds: UInt16
    public var attributeRequests: [AttributePathIB]?
    public var eventRequests: [EventPathIB]?
    public var eventFilters: [EventFilterIB]?
    public var fabricFiltered: Bool
    public var dataVersionFilters: [DataVersionFilterIB]?
    public var interactionModelRevision: UInt8?

    public init(
        keepSubscriptions: Bool = false, minIntervalFloorSeconds: UInt16, maxIntervalCeilingSeconds: UInt16,
        attributeRequests: [AttributePathIB]?, eventRequests: [EventPathIB]? = nil,
        eventFilters: [EventFilterIB]? = nil, fabricFiltered: Bool = true,
        dataVersionFilters: [DataVersionFilterIB]? = nil, interactionModelRevision: UInt8? = InteractionModel.revision
    ) {
        self.keepSubscriptions = keepSubscriptions
        self.minIntervalFloorSeconds = minIntervalFloorSeconds
        self.maxIntervalCeilingSeconds = maxIntervalCeilingSeconds
        self.attributeRequests = attributeRequests
        self.eventRequests = eventRequests
        self.eventFilters = eventFilters
        self.fabricFiltered = fabricFiltered
        self.dataVersionFilters = dataVersionFilters
        self.interactionModelRevision = interactionModelRevision
    }

    public init(payload: [UInt8]) throws(InteractionModelError) {
        let fields = try TLVFields(payload: payload)
        keepSubscriptions = try fields.requiredBool(0, "KeepSubscriptions")
        minIntervalFloorSeconds = try fields.requiredUnsigned(1, "MinIntervalFloorSeconds", as: UInt16.self)
        maxIntervalCeilingSeconds = try fields.requiredUnsigned(2, "MaxIntervalCeilingSeconds", as: UInt16.self)
        attributeRequests = try ReadRequestMessage.attributePaths(fields.array(3, "AttributeRequests"))
        eventRequests = try ReadRequestMessage.eventPaths(fields.array(4, "EventRequests"))
        eventFilters = try ReadRequestMessage.eventFilters(fields.array(5, "EventFilters"))
        fabricFiltered = try fields.requiredBool(7, "IsFabricFiltered")
        dataVersionFilters = try ReadRequestMessage.dataVersionFilters(fields.array(8, "DataVersionFilters"))
        interactionModelRevision = try fields.unsigned(
            InteractionModel.revisionTag, "InteractionModelRevision", as: UInt8.self)
        if (attributeRequests ?? []).isEmpty && (eventRequests ?? []).isEmpty {
            throw .missingField("AttributeRequests or EventRequests")
        }
        guard minIntervalFloorSeconds <= maxIntervalCeilingSeconds else {
            throw .inconsistent(
                "MinIntervalFloorSeconds \(minIntervalFloorSeconds) is above the ceiling \(maxIntervalCeilingSeconds)")
        }
    }

    public func encoded() -> [UInt8] {
        var members = [
            TLVElement(tag: .context(0), .bool(keepSubscriptions)),
            TLVElement(tag: .context(1), .unsigned(UInt64(minIntervalFloorSeconds))),
            TLVElement(tag: .context(2), .unsigned(UInt64(maxIntervalCeilingSeconds))),
        ]
        if let attributeRequests {
            members.append(TLVElement(tag: .context(3), .array(attributeRequests.map { $0.element(tag: .anonymous) })))
        }
        if let eventRequests {
            members.append(TLVElement(tag: .context(4), .array(eventRequests.map { $0.element(tag: .anonymous) })))
        }
        if let eventFilters {
            members.append(TLVElement(tag: .context(5), .array(eventFilters.map { $0.element(tag: .anonymous) })))
        }
        members.append(TLVElement(tag: .context(7), .bool(fabricFiltered)))
        if let dataVersionFilters {
            members.append(TLVElement(tag: .context(8), .array(dataVersionFilters.map(\.element))))
        }
        members += InteractionModel.revisionMember(interactionModelRevision)
        return TLVEncoder.encode(TLVElement(.structure(members)))
    }
}

/// SubscribeResponseMessage (Interaction Model opcode 0x04): the subscription is established.
///
/// An anonymous structure (CHIP `src/app/MessageDef/SubscribeResponseMessage.h`): 0 SubscriptionId (uint32),
/// 2 MaxInterval (uint16, seconds), 0xFF InteractionModelRevision.
public struct SubscribeResponseMessage: Hashable, Sendable {
    public var subscriptionID: UInt32
    public var maxIntervalSeconds: UInt16
    public var interactionModelRevision: UInt8?

    public init(
        subscriptionID: UInt32, maxIntervalSeconds: UInt16, interactionModelRevision: UInt8? = InteractionModel.revision
    ) {
        self.subscriptionID = subscriptionID
        self.maxIntervalSeconds = maxIntervalSeconds
        self.interactionModelRevision = interactionModelRevision
    }

    public init(payload: [UInt8]) throws(InteractionModelError) {
        let fields = try TLVFields(payload: payload)
        subscriptionID = try fields.requiredUnsigned(0, "SubscriptionId", as: UInt32.self)
        maxIntervalSeconds = try fields.requiredUnsigned(2, "MaxInterval", as: UInt16.self)
        interactionModelRevision = try fields.unsigned(
            InteractionModel.revisionTag, "InteractionModelRevision", as: UInt8.self)
    }

    public func encoded() -> [UInt8] {
        var members = [
            TLVElement(tag: .context(0), .unsigned(UInt64(subscriptionID))),
            TLVElement(tag: .context(2), .unsigned(UInt64(maxIntervalSeconds))),
        ]
        members += InteractionModel.revisionMember(interactionModelRevision)
        return TLVEncoder.encode(TLVElement(.structure(members)))
    }
}
