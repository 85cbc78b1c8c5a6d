import FuzzSupport
import MatterDataModel
import MatterInteraction
import MatterMessage

/// SubscribeRequest: a request the decoder accepts has paths, a floor no higher than its ceiling, and encodes and
/// decodes to itself; accepted by the owner, its priming goes in ReportData chunks that decode, each carrying the
/// SubscriptionId and no SuppressResponse, none over the payload limit unless it holds one report, until
/// SubscribeResponse; the established subscription's reports of changes (chosen by the input) decode likewise.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSubscribeRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    guard let request = try? SubscribeRequestMessage(payload: bytes) else { return 0 }
    fuzzCheck(
        !(request.attributeRequests ?? []).isEmpty || !(request.eventRequests ?? []).isEmpty,
        "a subscription without paths was accepted")
    fuzzCheck(request.minIntervalFloorSeconds <= request.maxIntervalCeilingSeconds, "the floor is above the ceiling")
    let encoded = request.encoded()
    do {
        let again = try SubscribeRequestMessage(payload: encoded)
        fuzzCheck(again == request, "SubscribeRequest decode → encode → decode changed \(request) into \(again)")
    } catch {
        fatalError("property violated: the encoding \(hexString(encoded)) of \(request) does not decode: \(error)")
    }
    var log = EventLog(capacity: 8)
    for number in 1...6 {
        log.append(
            EventRecord(
                endpoint: 1, cluster: 0x0045, event: 0, number: UInt64(number), priority: 1,
                epochTimestampMilliseconds: 1, fields: [0: .bool(number % 2 == 0)]))
    }
    let reader = AttributeReader(node: node, dataVersion: 3)
    let maximum = 300
    var responder = InteractionResponder(maximumPayloadBytes: maximum)
    let asked = responder.messageReceived(opcode: 0x03, payload: bytes, now: .origin, reader: reader, events: log)
    guard case .subscribe? = asked.first else { return 0 }  // more paths than the cap: PATHS_EXHAUSTED
    var actions = responder.subscriptionAccepted(
        subscriptionID: 0x5EED, maxIntervalSeconds: Subscription.maxIntervalSeconds(granting: request), reader: reader,
        events: log)
    var chunks = 0
    while case .send(.reportData, let payload, true)? = actions.last {
        check(payload, maximum: maximum)
        chunks += 1
        fuzzCheck(chunks < 10_000, "the priming does not end")
        actions = responder.messageReceived(
            opcode: 0x01, payload: StatusResponseMessage(status: .success).encoded(), now: .origin, reader: reader,
            events: log)
    }
    guard case .send(.subscribeResponse, let payload, false)? = actions.last,
        let response = try? SubscribeResponseMessage(payload: payload), response.subscriptionID == 0x5EED
    else {
        fatalError("property violated: the priming did not end with SubscribeResponse: \(actions)")
    }
    var subscription = Subscription(
        id: 0x5EED, request: request, maxIntervalSeconds: response.maxIntervalSeconds, establishedAt: .origin,
        nextEvent: 1)
    var generator = InputSeededGenerator(seed: bytes)
    let changed = (0..<Int(generator.next() % 4)).map { _ in
        AttributePathIB(
            endpoint: EndpointID(generator.next() % 3), cluster: generator.next() % 2 == 0 ? 6 : nil,
            attribute: generator.next() % 2 == 0 ? 0 : nil)
    }
    subscription.attributesChanged(changed)
    let later = MonotonicInstant(milliseconds: UInt64(response.maxIntervalSeconds) * 1000 + 1)
    fuzzCheck(subscription.startReport(now: later) != nil, "no report due after the max interval")
    while let (chunk, isLast) = subscription.nextChunk(reader: reader, events: log, maximumPayloadBytes: maximum) {
        check(chunk, maximum: maximum)
        if isLast { break }
    }
    subscription.reportAnswered()
    fuzzCheck(subscription.nextDeadline != nil, "an answered subscription has no next report")
    return 0
}

let node = NodeData(endpoints: [
    EndpointData(id: 0, deviceTypes: [.rootNode], clusters: [ClusterTemplate(.basicInformation).makeData()]),
    EndpointData(
        id: 1, deviceTypes: [.onOffLight],
        clusters: [ClusterTemplate(.onOff).makeData(), ClusterTemplate(.booleanState).makeData()]),
])

/// A subscription's ReportData: it decodes, carries the SubscriptionId, no SuppressResponse, and stays within the
/// limit unless it holds a single report.
func check(_ payload: [UInt8], maximum: Int) {
    guard let report = try? ReportDataMessage(payload: payload) else {
        fatalError("property violated: a report \(hexString(payload)) does not decode")
    }
    fuzzCheck(report.subscriptionID == 0x5EED, "a report without the SubscriptionId")
    fuzzCheck(report.suppressResponse == nil, "a subscription's report with SuppressResponse")
    let reports = (report.attributeReports?.count ?? 0) + (report.eventReports?.count ?? 0)
    fuzzCheck(payload.count <= maximum || reports <= 1, "a \(payload.count)-byte chunk of \(reports) reports")
}
