import MatterInteraction
import MatterMessage

/// Subscriptions (Matter Core Specification 8.5; CHIP `ReadHandler`, `reporting/Engine.cpp`): accepted on the
/// exchange of their SubscribeRequest, primed there, then reported by the node on exchanges of its own.
///
/// * A SubscribeRequest without KeepSubscriptions ends the peer's other subscriptions first (CHIP
///   `InteractionModelEngine::OnReadInitialRequest` shuts down the subscriber's others); beyond
///   `maximumSubscriptionsPerFabric` of the fabric's, or `maximumSubscriptions` in all, it gets RESOURCE_EXHAUSTED.
/// * MaxInterval is the subscriber's ceiling (CHIP's choice for a node that is not an ICD), at least a second.
/// * Reports go out when due (`Subscription`), one at a time per subscription; each chunk waits for the
///   subscriber's StatusResponse. A report not acknowledged after MRP's retransmissions, not answered within
///   `reportResponseMilliseconds`, or answered with anything but SUCCESS ends the subscription, as CHIP's
///   `ReadHandler::OnResponseTimeout` and `OnStatusResponse` close it; so does the end of its session.
extension MatterNode {
    /// Subscriptions kept per fabric (CapabilityMinima announces 3; CHIP's minimum per fabric) and in all.
    static let maximumSubscriptionsPerFabric = 10
    static let maximumSubscriptions = 48
    /// How long a report's chunk waits for the subscriber's StatusResponse before the subscription ends.
    static let reportResponseMilliseconds: UInt64 = 30_000

    /// A subscription and where it stands.
    struct ActiveSubscription: Sendable {
        enum State: Sendable {
            /// Its priming reports go on the exchange of its SubscribeRequest.
            case priming(MatterExchange.Key, SubscribeRequestMessage)
            case established(Subscription)
        }

        var sessionID: UInt16
        var fabricIndex: UInt8
        var peerNodeID: UInt64
        var state: State
        /// The node's exchange carrying the report in flight, and when its answer is due.
        var reportExchange: UInt16?
        var reportDeadline: MonotonicInstant?
        var reportIsLast = false

        var primingExchange: MatterExchange.Key? {
            if case .priming(let key, _) = state { key } else { nil }
        }

        var nextDeadline: MonotonicInstant? {
            guard case .established(let subscription) = state else { return nil }
            return reportDeadline ?? subscription.nextDeadline
        }

        mutating func attributesChanged(_ paths: [AttributePathIB]) {
            guard case .established(var subscription) = state else { return }
            subscription.attributesChanged(paths)
            state = .established(subscription)
        }

        mutating func eventRecorded(_ record: EventRecord) {
            guard case .established(var subscription) = state else { return }
            subscription.eventRecorded(record)
            state = .established(subscription)
        }
    }

    /// A SubscribeRequest on exchange `key`: taken (its priming starts) or refused.
    mutating func subscribe(
        _ request: SubscribeRequestMessage, on key: MatterExchange.Key, now: MonotonicInstant,
        using generator: inout some RandomNumberGenerator
    ) -> [MatterNodeAction] {
        guard case .secure(let localSessionID) = key.session, let session = sessionLayer.sessions[localSessionID],
            var responder = sessionLayer.exchanges[key]?.interaction
        else { return [] }
        var actions: [MatterNodeAction] = []
        if !request.keepSubscriptions {
            actions += endSubscriptions(
                where: { $0.fabricIndex == session.fabricIndex && $0.peerNodeID == session.peerNodeID },
                reason: "the subscriber asked for a new one without KeepSubscriptions")
        }
        let steps: [InteractionResponderAction]
        if subscriptions.count >= Self.maximumSubscriptions
            || subscriptions.values.count(where: { $0.fabricIndex == session.fabricIndex })
                >= Self.maximumSubscriptionsPerFabric
        {
            steps = responder.subscriptionRefused(.resourceExhausted, reason: "no room for another subscription")
        } else {
            var id = UInt32(truncatingIfNeeded: generator.next())
            while subscriptions[id] != nil { id &+= 1 }
            subscriptions[id] = ActiveSubscription(
                sessionID: localSessionID, fabricIndex: session.fabricIndex, peerNodeID: session.peerNodeID,
                state: .priming(key, request))
            let maxInterval = Subscription.maxIntervalSeconds(granting: request)
            steps = responder.subscriptionAccepted(
                subscriptionID: id, maxIntervalSeconds: maxInterval, reader: reader(for: session, now: now),
                events: events)
        }
        sessionLayer.exchanges[key]?.interaction = responder
        return actions + runInteraction(steps, on: key, now: now, using: &generator)
    }

    /// The priming is done: the subscription reports from now on.
    mutating func subscriptionEstablished(_ id: UInt32, eventsConsidered: UInt64?, now: MonotonicInstant)
        -> [MatterNodeAction]
    {
        guard var active = subscriptions[id], case .priming(let key, let request) = active.state else { return [] }
        let maxInterval = Subscription.maxIntervalSeconds(granting: request)
        active.state = .established(
            Subscription(
                id: id, request: request, maxIntervalSeconds: maxInterval, establishedAt: now,
                nextEvent: eventsConsidered ?? request.eventFilters?.last?.eventMin ?? events.lastNumber + 1))
        subscriptions[id] = active
        guard let peer = sessionLayer.exchanges[key]?.peer else { return [] }
        return [
            .log(
                .subscriptionEstablished(
                    peer, subscriptionID: id,
                    paths: (request.attributeRequests?.count ?? 0) + (request.eventRequests?.count ?? 0),
                    minInterval: request.minIntervalFloorSeconds, maxInterval: maxInterval))
        ]
    }

    /// Ends the subscriptions `condition` picks.
    mutating func endSubscriptions(where condition: (ActiveSubscription) -> Bool, reason: String)
        -> [MatterNodeAction]
    {
        var actions: [MatterNodeAction] = []
        for (id, subscription) in subscriptions.sorted(by: { $0.key < $1.key }) where condition(subscription) {
            subscriptions[id] = nil
            actions.append(.log(.subscriptionEnded(subscriptionID: id, reason: reason)))
        }
        return actions
    }

    /// Sends every report that is due, and ends the subscriptions whose report went unanswered too long.
    mutating func sendReports(now: MonotonicInstant, using generator: inout some RandomNumberGenerator)
        -> [MatterNodeAction]
    {
        var actions: [MatterNodeAction] = []
        for id in subscriptions.keys.sorted() {
            guard var active = subscriptions[id], case .established(var subscription) = active.state else { continue }
            if let deadline = active.reportDeadline {
                if deadline <= now {
                    subscriptions[id] = nil
                    actions.append(.log(.subscriptionEnded(subscriptionID: id, reason: "its report was not answered")))
                }
                continue
            }
            guard let session = sessionLayer.sessions[active.sessionID] else {
                subscriptions[id] = nil
                continue
            }
            guard subscription.startReport(now: now) != nil,
                let chunk = subscription.nextChunk(
                    reader: reader(for: session, now: now), events: events,
                    maximumPayloadBytes: InteractionResponder.defaultMaximumPayloadBytes),
                let (exchangeID, sent) = sendRequest(
                    on: active.sessionID, protocolID: .interactionModel,
                    opcode: InteractionModelOpcode.reportData.rawValue, payload: chunk.payload, now: now,
                    using: &generator)
            else { continue }
            active.state = .established(subscription)
            active.reportExchange = exchangeID
            active.reportDeadline = now.advanced(byMilliseconds: Self.reportResponseMilliseconds)
            active.reportIsLast = chunk.isLast
            subscriptions[id] = active
            actions += sent
        }
        return actions
    }

    /// The subscription whose report is in flight on the node's exchange `exchangeID` of `session`.
    func subscription(reportingOn exchangeID: UInt16, session: UInt16) -> UInt32? {
        subscriptions.first { $0.value.sessionID == session && $0.value.reportExchange == exchangeID }?.key
    }

    /// The subscriber answered a report's chunk: SUCCESS sends the next chunk or ends the report; anything else ends
    /// the subscription.
    mutating func reportAnswered(
        _ id: UInt32, message: Message, on key: MatterExchange.Key, now: MonotonicInstant,
        using generator: inout some RandomNumberGenerator
    ) -> [MatterNodeAction] {
        guard var active = subscriptions[id], case .established(var subscription) = active.state,
            let session = sessionLayer.sessions[active.sessionID]
        else { return finish(key, now: now, using: &generator) }
        let header = message.protocolHeader
        let status =
            header.protocolID == .interactionModel && header.opcode == InteractionModelOpcode.statusResponse.rawValue
            ? try? StatusResponseMessage(payload: message.payload).status : nil
        guard status == .success else {
            subscriptions[id] = nil
            return finish(key, now: now, using: &generator) + [
                .log(
                    .subscriptionEnded(
                        subscriptionID: id,
                        reason: "the subscriber answered a report with \(status.map { "\($0)" } ?? "another message")"))
            ]
        }
        guard !active.reportIsLast else {
            subscription.reportAnswered()
            active.state = .established(subscription)
            active.reportExchange = nil
            active.reportDeadline = nil
            subscriptions[id] = active
            return finish(key, now: now, using: &generator)
        }
        guard
            let chunk = subscription.nextChunk(
                reader: reader(for: session, now: now), events: events,
                maximumPayloadBytes: InteractionResponder.defaultMaximumPayloadBytes)
        else { return finish(key, now: now, using: &generator) }
        active.state = .established(subscription)
        active.reportIsLast = chunk.isLast
        active.reportDeadline = now.advanced(byMilliseconds: Self.reportResponseMilliseconds)
        subscriptions[id] = active
        return respond(
            on: key, opcode: InteractionModelOpcode.reportData.rawValue, protocolID: .interactionModel,
            payload: chunk.payload, now: now, using: &generator)
    }
}
