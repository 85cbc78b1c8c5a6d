/// What the owner of an `InteractionResponder` must do after a message on its exchange.
public enum InteractionResponderAction: Hashable, Sendable {
    /// Send this Interaction Model message on the exchange (reliably, with the acknowledgement piggybacked).
    /// With `expectsResponse` the exchange stays open for the peer's answer; without, it closes once the
    /// message is acknowledged.
    case send(opcode: InteractionModelOpcode, payload: [UInt8], expectsResponse: Bool)
    /// The exchange is over without anything more to send (the peer ended it, or it had nothing to answer).
    case close
    /// Carry out these commands (at most `InteractionResponder.maximumPathsPerInvoke`), in order, and hand their
    /// results to `commandsHandled`; `timed` when a TimedRequest opened the exchange in time.
    case invoke([CommandDataIB], timed: Bool)
    /// Carry out these writes, in order, and hand one status per write to `writesHandled`; `moreChunks` when the
    /// write goes on in the exchange's next message.
    case write([AttributeDataIB], timed: Bool, moreChunks: Bool)
    /// Decide on this subscription: `subscriptionAccepted` (its priming reports start) or `subscriptionRefused`.
    case subscribe(SubscribeRequestMessage)
    /// The subscription's priming is done and SubscribeResponse goes out: its reports of changes may start; the
    /// priming looked at events below `eventsConsidered` (nil: it asked for none).
    case subscriptionEstablished(subscriptionID: UInt32, eventsConsidered: UInt64?)
    /// The subscriber refused a priming report: the subscription is not established.
    case subscriptionAbandoned(subscriptionID: UInt32)
    /// Something worth a log line happened.
    case log(InteractionEvent)
}

/// What happened on an Interaction Model exchange, for the log.
public enum InteractionEvent: Hashable, Sendable, CustomStringConvertible {
    /// A read was answered: how many paths it asked for, data and status reports, and chunks.
    case readAnswered(paths: Int, data: Int, statuses: Int, chunks: Int)
    /// A request was refused with a StatusResponse.
    case refused(opcode: InteractionModelOpcode, status: InteractionModelStatus, reason: String)
    /// The peer ended a chunked read with a status other than SUCCESS.
    case readAborted(StatusIB)
    /// A write (or one chunk of it) was answered: how many writes, and how many were refused.
    case writeAnswered(writes: Int, refused: Int)
    /// A subscription's priming reports were accepted (in this many chunks) and SubscribeResponse sent.
    case subscriptionPrimed(subscriptionID: UInt32, chunks: Int)

    public var description: String {
        switch self {
        case .readAnswered(let paths, let data, let statuses, let chunks):
            "read of \(paths) path(s) answered: \(data) attribute(s), \(statuses) status(es), \(chunks) chunk(s)"
        case .refused(let opcode, let status, let reason): "\(opcode) refused with \(status): \(reason)"
        case .readAborted(let status): "the reader ended the chunked read with \(status)"
        case .writeAnswered(let writes, let refused): "write of \(writes) attribute(s) answered, \(refused) refused"
        case .subscriptionPrimed(let id, let chunks):
            "subscription 0x\(String(id, radix: 16, uppercase: true)) established after \(chunks) priming chunk(s)"
        }
    }
}
