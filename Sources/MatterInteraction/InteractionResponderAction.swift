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

    public var description: String {
        switch self {
        case .readAnswered(let paths, let data, let statuses, let chunks):
            "read of \(paths) path(s) answered: \(data) attribute(s), \(statuses) status(es), \(chunks) chunk(s)"
        case .refused(let opcode, let status, let reason): "\(opcode) refused with \(status): \(reason)"
        case .readAborted(let status): "the reader ended the chunked read with \(status)"
        }
    }
}
