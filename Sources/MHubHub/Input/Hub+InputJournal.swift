import MHubJSON
import MHubProtocol

extension Hub {
    /// What the hub drew from its randomness since the last call, while it records (`HubRandom.recordingSystem`);
    /// an input journal's entry keeps them.
    public mutating func takeDrawnRandom() -> [UInt64] { random.takeDrawn() }

    /// Whether the hub keeps what it draws, for an input journal.
    public var recordsRandom: Bool { random.isRecording }

    /// `follow_input_journal` (admin): the daemon sends the connection the journal's lines so far and then each new
    /// one as `input_journaled` (`HubOutput.inputJournalFollowed`). Only a hub whose inputs are journaled
    /// (`mhubd --record-inputs`, or a replay of its journal) has one to follow.
    mutating func followInputJournal(_ args: inout Arguments, client: ClientInfo, _ outcome: inout HubOutcome)
        throws(HubError) -> JSONValue
    {
        try args.rejectUnknown(command: .followInputJournal)
        guard random.isJournaled else {
            throw HubError(
                .sessionState, "this mhubd does not record its inputs; start it with --ephemeral --record-inputs PATH")
        }
        outcome.outputs.append(.inputJournalFollowed(connectionID: client.connectionID))
        return .null
    }
}
