import MatterTLV

/// ReportDataMessage (Interaction Model opcode 0x05): attribute and event reports, possibly one chunk of several.
///
/// An anonymous structure (CHIP `src/app/MessageDef/ReportDataMessage.h` `Tag`): 0 SubscriptionId (uint32),
/// 1 AttributeReportIBs (array of AttributeReportIB), 2 EventReports (array), 3 MoreChunkedMessages (bool),
/// 4 SuppressResponse (bool), 0xFF InteractionModelRevision. CHIP's `reporting::Engine` marks every chunk but
/// the last with MoreChunkedMessages, and the last chunk of a read with SuppressResponse, so the reader sends
/// a StatusResponse only between chunks; a subscription's reports never carry SuppressResponse (`Engine.cpp`
/// `BuildAndSendSingleReportData`: only a read's last chunk), so the subscriber answers every one.
public struct ReportDataMessage: Hashable, Sendable {
    public var subscriptionID: UInt32?
    public var attributeReports: [AttributeReportIB]?
    public var eventReports: [EventReportIB]?
    public var moreChunkedMessages: Bool?
    public var suppressResponse: Bool?
    public var interactionModelRevision: UInt8?

    public init(
        subscriptionID: UInt32? = nil, attributeReports: [AttributeReportIB]?, eventReports: [EventReportIB]? = nil,
        moreChunkedMessages: Bool? = nil, suppressResponse: Bool? = nil,
        interactionModelRevision: UInt8? = InteractionModel.revision
    ) {
        self.subscriptionID = subscriptionID
        self.attributeReports = attributeReports
        self.eventReports = eventReports
        self.moreChunkedMessages = moreChunkedMessages
        self.suppressResponse = suppressResponse
        self.interactionModelRevision = interactionModelRevision
    }

    public func encoded() -> [UInt8] {
        TLVEncoder.encode(
            element(
                reportElements: attributeReports.map { $0.map(\.element) },
                eventElements: eventReports.map { $0.map(\.element) }))
    }

    /// The message with already built report elements (the chunker measures them once).
    func element(reportElements: [TLVElement]?, eventElements: [TLVElement]? = nil) -> TLVElement {
        var members: [TLVElement] = []
        if let subscriptionID { members.append(TLVElement(tag: .context(0), .unsigned(UInt64(subscriptionID)))) }
        if let reportElements { members.append(TLVElement(tag: .context(1), .array(reportElements))) }
        if let eventElements { members.append(TLVElement(tag: .context(2), .array(eventElements))) }
        if let moreChunkedMessages { members.append(TLVElement(tag: .context(3), .bool(moreChunkedMessages))) }
        if let suppressResponse { members.append(TLVElement(tag: .context(4), .bool(suppressResponse))) }
        members += InteractionModel.revisionMember(interactionModelRevision)
        return TLVElement(.structure(members))
    }

    /// Reads a report (for tests and peers written in Swift).
    public init(payload: [UInt8]) throws(InteractionModelError) {
        let fields = try TLVFields(payload: payload)
        subscriptionID = try fields.unsigned(0, "SubscriptionId", as: UInt32.self)
        if let elements = try fields.array(1, "AttributeReportIBs") {
            var reports: [AttributeReportIB] = []
            for element in elements {
                reports.append(try AttributeReportIB(element))
            }
            attributeReports = reports
        }
        if let elements = try fields.array(2, "EventReports") {
            var reports: [EventReportIB] = []
            for element in elements {
                reports.append(try EventReportIB(element))
            }
            eventReports = reports
        }
        moreChunkedMessages = try fields.bool(3, "MoreChunkedMessages")
        suppressResponse = try fields.bool(4, "SuppressResponse")
        interactionModelRevision = try fields.unsigned(
            InteractionModel.revisionTag, "InteractionModelRevision", as: UInt8.self)
    }
}
