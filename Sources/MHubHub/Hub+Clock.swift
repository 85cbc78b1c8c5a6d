import MHubJSON
import MHubProtocol

/// Which clock the hub's timers run on (`mhubd --clock`, docs/testing.md "The virtual clock").
public enum HubClockKind: String, Hashable, Sendable {
    /// The monotonic clock: deadlines pass by themselves.
    case real
    /// A clock that moves only when a client says so (`advance_clock`): every deadline of the hub — session
    /// steps and deadlines, the disconnect grace, transitions, slow replies, behaviours, the hub's window, a
    /// scenario's timeline — passes in order, at its own time, during the advance.
    case virtual
}

extension Hub {
    /// The longest step one `advance_clock` may take: 10 years.
    static let longestClockAdvance: Int64 = 10 * 365 * 24 * 3600 * 1000

    /// `get_clock`: the clock's kind and the hub's time now.
    func clockStatus(_: GetClock, now: Timestamp) -> ClockStatus {
        ClockStatus(clock: run.clock.rawValue, now: now)
    }

    /// `advance_clock`: the daemon runs every deadline up to `now + milliseconds`, in order, then answers; the
    /// reply leaves after the events of those deadlines (`HubOutput.advanceClock`).
    func advanceClock(
        _ advance: AdvanceClock, request: HubRequest, client: ClientInfo, now: Timestamp, _ outcome: inout HubOutcome
    ) throws(HubError) -> JSONText? {
        let milliseconds = advance.milliseconds
        guard (0...Self.longestClockAdvance).contains(milliseconds) else {
            throw HubError(
                .invalidArguments, "'milliseconds' must be from 0 to \(Self.longestClockAdvance), not \(milliseconds)")
        }
        guard run.clock == .virtual else {
            throw HubError(.clockNotVirtual, "the hub runs on the real clock; start mhubd with --clock virtual")
        }
        let target = now + milliseconds
        let reply = HubReply(
            connectionID: client.connectionID, messageID: request.messageID,
            body: .success(JSONText(ClockStatus(clock: HubClockKind.virtual.rawValue, now: target))))
        outcome.outputs.append(.advanceClock(to: target, reply: reply))
        return nil
    }
}
