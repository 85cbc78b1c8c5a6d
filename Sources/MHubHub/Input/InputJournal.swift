import MHubJSON

/// The hub's input journal (`mhubd --record-inputs`): one JSON line per input handled, with its time, the random
/// values it drew and what the hub answered, after a first line that says how the hub started (docs/testing.md,
/// "Recording and replaying a hub's inputs").
///
/// Pure: `line(_:)` writes a line and `decode(_:lineNumber:)` reads one back, so a journal read back gives the inputs
/// that were handled, equal to them, and the replay (`InputReplay`) feeds them to a hub from the same start.
public enum InputJournal {
    /// The first line's marker and the format's version, which this mhubd writes. 2 added `device_node`, the reports
    /// of devices on the network, and `attestation_known`'s `device_paa`: a version-1 journal reads as it did, and a
    /// reader refuses any other version.
    public static let formatVersion: Int64 = 2
    /// The versions this mhubd reads.
    public static let readableVersions: ClosedRange<Int64> = 1...2

    /// One line of a journal.
    public enum Line: Equatable, Sendable {
        /// The first line: how the hub started.
        case start(Start)
        /// An input the hub handled.
        case input(Entry)
        /// Something changed the hub that is not an input (a configuration reload, a failed commit's rollback): a
        /// replay cannot go past it.
        case unreplayable(at: Timestamp, reason: String)
    }

    /// How the hub started: `mhubd --ephemeral`'s empty hub, made from this configuration.
    public struct Start: Equatable, Sendable {
        /// The effective configuration (`DaemonConfiguration.json`), which the hub's settings come from.
        public var configuration: JSONValue
        public var clock: HubClockKind
        /// What the initial state drew (the hub's fabric IDs, the declared devices' codes).
        public var random: [UInt64]

        public init(configuration: JSONValue, clock: HubClockKind, random: [UInt64]) {
            self.configuration = configuration
            self.clock = clock
            self.random = random
        }
    }

    /// One input the hub handled.
    public struct Entry: Equatable, Sendable {
        /// The hub's time it was handled at.
        public var at: Timestamp
        public var input: HubInput
        /// For a request: its envelope as the client sent it; `nil` writes it from the request's value.
        public var requestText: String?
        /// What the hub drew from its randomness while handling it.
        public var random: [UInt64]
        /// What the hub answered, in order (`InputJournal.answers(of:)`).
        public var answers: [String]

        public init(at: Timestamp, input: HubInput, requestText: String? = nil, random: [UInt64], answers: [String]) {
            self.at = at
            self.input = input
            self.requestText = requestText
            self.random = random
            self.answers = answers
        }
    }

    /// What the outcome of an input says to the world, as text: each event and reply as a client reads it (a reply
    /// with the connection it goes to), `advance_clock`'s reply, and each answer to a bridged request.
    public static func answers(of outcome: HubOutcome) -> [String] {
        var answers: [String] = []
        for event in outcome.events {
            answers.append("event " + String(decoding: ControlMessages.encode(event), as: UTF8.self))
        }
        for reply in outcome.replies {
            answers.append(replyAnswer(reply))
        }
        for output in outcome.outputs {
            switch output {
            case .advanceClock(_, let reply): answers.append(replyAnswer(reply))
            case .bridgedAnswer(let requestID, let answer):
                answers.append("bridged answer \(requestID) " + JSONWriter.compact(InputJournalValues.encode(answer)))
            case .deviceNode(let id, .answered(let requestID, let answer)):
                answers.append(
                    "device \(id) answer \(requestID) " + JSONWriter.compact(InputJournalValues.encode(answer)))
            case .deviceNode: break
            case .homeKitAnswer(let requestID, let answer):
                answers.append("homekit answer \(requestID) " + JSONWriter.compact(InputJournalValues.encode(answer)))
            case .windowChanged, .removeFabric, .bridgeChanged, .inputJournalFollowed: break
            }
        }
        return answers
    }

    private static func replyAnswer(_ reply: HubReply) -> String {
        "reply to \(reply.connectionID) " + String(decoding: ControlMessages.encode(reply), as: UTF8.self)
    }

    /// The line's JSON text, without the newline.
    public static func line(_ line: Line) -> String {
        JSONWriter.compact(json(line))
    }

    static func json(_ line: Line) -> JSONValue {
        switch line {
        case .start(let start):
            return [
                "mhub_input_journal": .integer(formatVersion),
                "configuration": start.configuration,
                "clock": .string(start.clock.rawValue),
                "random": .string(InputJournalValues.encode(random: start.random)),
            ]
        case .input(let entry):
            return [
                "at": .integer(entry.at),
                "input": InputJournalValues.encode(entry.input, requestText: entry.requestText),
                "random": .string(InputJournalValues.encode(random: entry.random)),
                "answers": .array(entry.answers.map { .string($0) }),
            ]
        case .unreplayable(let at, let reason):
            return ["at": .integer(at), "unreplayable": .string(reason)]
        }
    }

    /// Reads one line back; `lineNumber` (from 1) names it in the error.
    public static func decode(_ text: some StringProtocol, lineNumber: Int) throws(InputJournalError) -> Line {
        let value: JSONValue
        do {
            value = try JSONParser(maximumDepth: 128, maximumBytes: Int.max).parse(String(text))
        } catch {
            throw InputJournalError(line: lineNumber, message: "not JSON: \(error.description)")
        }
        do {
            return try decode(value)
        } catch {
            throw InputJournalError(line: lineNumber, message: error.message)
        }
    }

    static func decode(_ value: JSONValue) throws(JournalFieldError) -> Line {
        var object = try JournalObject(value, root: "line")
        if let version = try object.integer("mhub_input_journal", as: Int64.self) {
            guard readableVersions.contains(version) else {
                throw object.failure(
                    "mhub_input_journal",
                    "an input journal of version \(version); this mhubd reads versions 1 to \(formatVersion)")
            }
            return .start(
                Start(
                    configuration: try object.requiredRaw("configuration"),
                    clock: try object.named("clock", "clock", HubClockKind.init(rawValue:)),
                    random: try object.random("random")))
        }
        let at = try object.requiredInteger("at", as: Int64.self)
        if let reason = try object.string("unreplayable") {
            return .unreplayable(at: at, reason: reason)
        }
        let (input, requestText) = try InputJournalValues.decodeInput(try object.requiredRaw("input"))
        return .input(
            Entry(
                at: at, input: input, requestText: requestText, random: try object.random("random"),
                answers: try object.requiredStrings("answers")))
    }

    /// Reads a whole journal: its start, then its other lines, each with its line number.
    public static func decode(journal text: String) throws(InputJournalError) -> (Start, [(line: Int, Line)]) {
        var start: Start?
        var lines: [(line: Int, Line)] = []
        for (index, text) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if text.isEmpty { continue }
            let line = try decode(text, lineNumber: index + 1)
            switch line {
            case .start(let value):
                guard start == nil, lines.isEmpty else {
                    throw InputJournalError(line: index + 1, message: "a second start line")
                }
                start = value
            case .input, .unreplayable:
                guard start != nil else {
                    throw InputJournalError(line: index + 1, message: "an input before the journal's start line")
                }
                lines.append((index + 1, line))
            }
        }
        guard let start else { throw InputJournalError(line: 1, message: "the journal is empty: no start line") }
        return (start, lines)
    }
}

/// A journal line that cannot be read: its line number and why.
public struct InputJournalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// From 1.
    public var line: Int
    public var message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }
}
