import MHubConfiguration
import MHubJSON

/// Runs an input journal again: a hub made as the journal's start says, each input handled at its recorded time
/// with the random values it drew then, and what the hub answers compared with what it answered then.
///
/// A value with no I/O: `mhubd --replay` reads the file and prints `report`'s line.
public struct InputReplay {
    /// How a replay ended.
    public enum Report: Equatable, Sendable, CustomStringConvertible {
        /// Every input gave the same answers.
        case same(inputs: Int)
        /// The input on `line` did not: the first difference.
        case diverged(line: Int, details: String)
        /// The recording says something changed the hub that is not an input: nothing past `line` can be replayed.
        case stopped(line: Int, inputs: Int, reason: String)
        /// The journal could not be read.
        case unreadable(InputJournalError)

        public var isSame: Bool {
            if case .same = self { return true }
            return false
        }

        public var description: String {
            switch self {
            case .same(let inputs): "replayed \(inputs) inputs, same replies"
            case .diverged(let line, let details): "line \(line): diverged: \(details)"
            case .stopped(let line, let inputs, let reason):
                "line \(line): cannot replay past this line (\(reason)); the \(inputs) inputs before it gave the same "
                    + "replies"
            case .unreadable(let error): "cannot read the journal: \(error)"
            }
        }
    }

    public private(set) var hub: Hub
    /// Inputs replayed with the same answers.
    public private(set) var inputs = 0

    /// A hub as `start` says it started: the configuration's settings, the initial state made with the random values
    /// it drew then.
    public init(start: InputJournal.Start) throws(InputJournalError) {
        let configuration: DaemonConfiguration
        do {
            configuration = try DaemonConfiguration.decode(start.configuration)
        } catch {
            throw InputJournalError(line: 1, message: "configuration: \(error)")
        }
        let settings = HubSettings(configuration)
        var random = HubRandom.replaying(start.random)
        let (state, _) = Hub.initialState(settings: settings, random: &random)
        let (unused, overdrawn) = random.replayState
        guard unused == 0, overdrawn == 0 else {
            throw InputJournalError(
                line: 1,
                message:
                    "the initial state drew \(start.random.count - unused + overdrawn) random values, the recorded "
                    + "one \(start.random.count): another configuration or another mhubd")
        }
        hub = Hub(state: state, settings: settings, random: .replaying([]), clock: start.clock)
    }

    /// Handles the entry's input as it was handled; the difference, if its answers or its draws differ.
    public mutating func replay(_ entry: InputJournal.Entry) -> String? {
        hub.random = .replaying(entry.random)
        let outcome = hub.handle(entry.input, now: entry.at)
        let (unused, overdrawn) = hub.random.replayState
        let answers = InputJournal.answers(of: outcome)
        if let difference = Self.difference(recorded: entry.answers, replayed: answers) {
            return difference
        }
        if unused != 0 || overdrawn != 0 {
            return "the input drew \(entry.random.count - unused + overdrawn) random values; the recorded one drew "
                + "\(entry.random.count)"
        }
        inputs += 1
        return nil
    }

    /// The first answer that differs, both as text (cut to 300 bytes each).
    static func difference(recorded: [String], replayed: [String]) -> String? {
        for index in 0..<max(recorded.count, replayed.count) {
            let old = index < recorded.count ? recorded[index] : nil
            let new = index < replayed.count ? replayed[index] : nil
            guard old != new else { continue }
            return "answer \(index + 1) of \(recorded.count) recorded: \(old.map(Self.cut) ?? "none"); replayed "
                + "(\(replayed.count) answers): \(new.map(Self.cut) ?? "none")"
        }
        return nil
    }

    private static func cut(_ text: String) -> String {
        text.utf8.count <= 300 ? text : text.prefix(utf8Bytes: 300) + "…"
    }

    /// Replays a whole journal's text.
    public static func run(journal text: String) -> Report {
        let start: InputJournal.Start
        let lines: [(line: Int, InputJournal.Line)]
        var replay: InputReplay
        do {
            (start, lines) = try InputJournal.decode(journal: text)
            replay = try InputReplay(start: start)
        } catch {
            return .unreadable(error)
        }
        for (number, line) in lines {
            switch line {
            case .start: return .unreadable(InputJournalError(line: number, message: "a second start line"))
            case .unreplayable(_, let reason): return .stopped(line: number, inputs: replay.inputs, reason: reason)
            case .input(let entry):
                if let difference = replay.replay(entry) {
                    return .diverged(line: number, details: difference)
                }
            }
        }
        return .same(inputs: replay.inputs)
    }
}
