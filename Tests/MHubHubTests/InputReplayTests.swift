import MHubConfiguration
import MHubJSON
import Testing

@testable import MHubHub

/// A journal recorded as the daemon records it (the system's generator, each input's draws kept) replays to the same
/// answers; a changed answer, a changed or missing random value, and a line that says the hub changed otherwise are
/// each found at their line.
@Suite struct InputReplayTests {
    /// Does what `HubService` does with `--record-inputs`: handles each input and writes its line.
    struct Recorder {
        var hub: Hub
        var lines: [String]
        var now: Timestamp = 1_767_225_600_000
        var messages = 0

        init(configure: (inout DaemonConfiguration) -> Void = { _ in }) {
            var configuration = DaemonConfiguration()
            configure(&configuration)
            let settings = HubSettings(configuration)
            var random = HubRandom.recordingSystem
            let (state, _) = Hub.initialState(settings: settings, random: &random)
            let start = InputJournal.Start(
                configuration: configuration.json, clock: .virtual, random: random.takeDrawn())
            lines = [InputJournal.line(.start(start))]
            hub = Hub(state: state, settings: settings, random: .recordingSystem)
            hub.run.clock = .virtual
        }

        @discardableResult
        mutating func handle(_ input: HubInput, text: String? = nil) -> HubOutcome {
            let outcome = hub.handle(input, now: now)
            let entry = InputJournal.Entry(
                at: now, input: input, requestText: text, random: hub.takeDrawnRandom(),
                answers: InputJournal.answers(of: outcome))
            lines.append(InputJournal.line(.input(entry)))
            return outcome
        }

        /// A request as a client writes it, with spaces and its members in its own order.
        @discardableResult
        mutating func send(_ command: String, _ args: String = "{}", as client: ClientInfo = HubHarness.admin)
            -> HubOutcome
        {
            messages += 1
            let text = "{\"message_id\": \"\(messages)\", \"command\": \"\(command)\", \"args\": \(args)}"
            guard case .success(let request) = ControlMessages.decodeRequest(Array(text.utf8), maximumBytes: 1 << 20)
            else { fatalError("not a request: \(text)") }
            return handle(.request(request, from: client), text: text)
        }

        var journal: String { lines.joined(separator: "\n") + "\n" }
    }

    /// Rooms, a simulated device whose codes are drawn, an enhanced window (a drawn passcode and salt), the Wi-Fi
    /// credentials, a commissioning, time, a disconnect, the node's reports.
    static func recorded() -> Recorder {
        var recorder = Recorder {
            $0.simulatedDevices = [
                SimulatedDeviceDeclaration(template: "contact-sensor", discriminator: 3000, passcode: 34_567_890)
            ]
        }
        recorder.send("create_room", #"{"name": "Kitchen"}"#)
        recorder.send("add_simulated_device", #"{"template": "on-off-light", "network": "ethernet"}"#)
        recorder.send("start_listening", #"{"events": "all"}"#, as: HubHarness.other)
        recorder.send("follow_input_journal", as: HubHarness.other)
        recorder.send("open_commissioning_window", #"{"enhanced": true}"#)
        recorder.send("set_wifi_credentials", #"{"ssid": "Test Wi-Fi", "credentials": "correct horse"}"#)
        let devices = recorder.send("get_simulated_devices")
        let code = devices.replies.first.flatMap { reply -> String? in
            guard case .success(let value) = reply.result, case .array(let list) = value else { return nil }
            return list.last?["qr_code"].flatMap { if case .string(let text) = $0 { text } else { nil } }
        }
        recorder.send("prepare_commissioning")
        recorder.send("commission_with_code", "{\"code\": \"\(code ?? "?")\"}")
        for _ in 0..<20 {
            recorder.now += 500
            recorder.handle(.tick)
        }
        recorder.send("complete_commissioning")
        recorder.handle(.advertisingChanged(.disabled))
        recorder.handle(.matter(.fabricsChanged([])))
        recorder.now += 60_000
        recorder.handle(.clientDisconnected(connectionID: HubHarness.other.connectionID))
        recorder.handle(.tick)
        recorder.send("get_nodes")
        return recorder
    }

    @Test func aRecordedRunReplaysWithTheSameAnswers() throws {
        let recorder = Self.recorded()
        #expect(recorder.hub.state.nodes.count == 1, "the drawn device was commissioned")
        let (start, lines) = try InputJournal.decode(journal: recorder.journal)
        #expect(start.random.count >= 2, "the fabric's IDs")
        let draws = lines.map { line -> Int in if case .input(let entry) = line.1 { entry.random.count } else { 0 } }
        #expect(draws[1] > 0 && draws[4] > 0, "the device's codes and the window's passcode and salt were drawn")
        #expect(InputReplay.run(journal: recorder.journal) == .same(inputs: lines.count))
    }

    /// The journal's lines as JSON, to change one.
    static func edited(_ journal: String, line number: Int, _ edit: (inout JSONValue) -> Void) throws -> String {
        var lines = journal.split(separator: "\n").map(String.init)
        var json = try JSONParser().parse(lines[number - 1])
        edit(&json)
        lines[number - 1] = JSONWriter.compact(json)
        return lines.joined(separator: "\n") + "\n"
    }

    static func set(_ json: inout JSONValue, _ key: String, _ value: JSONValue) {
        guard case .object(var members) = json else { return }
        members[key] = value
        json = .object(members)
    }

    @Test func aChangedReplyIsADivergenceAtItsLine() throws {
        let journal = Self.recorded().journal
        // Line 2 is create_room: its answers are the room's event and its reply.
        let tampered = try Self.edited(journal, line: 2) { json in
            guard case .array(var answers)? = json["answers"], case .string(let reply)? = answers.last else { return }
            answers[answers.count - 1] = .string(reply.replacingOccurrences(of: "Kitchen", with: "Cellar"))
            Self.set(&json, "answers", .array(answers))
        }
        #expect(tampered != journal)
        guard case .diverged(let line, let details) = InputReplay.run(journal: tampered) else {
            Issue.record("no divergence: \(InputReplay.run(journal: tampered))")
            return
        }
        #expect(line == 2)
        #expect(details.contains("Cellar") && details.contains("Kitchen"))
    }

    @Test func aChangedRandomValueChangesTheAnswers() throws {
        let journal = Self.recorded().journal
        // Line 3 is add_simulated_device, whose passcode and discriminator were drawn.
        let tampered = try Self.edited(journal, line: 3) { json in
            guard case .string(let random)? = json["random"] else { return }
            Self.set(&json, "random", .string(String(repeating: "1", count: random.utf8.count)))
        }
        guard case .diverged(let line, _) = InputReplay.run(journal: tampered) else {
            Issue.record("no divergence")
            return
        }
        #expect(line == 3)
    }

    @Test func missingOrSurplusRandomValuesAreADivergence() throws {
        let journal = Self.recorded().journal
        for edit in [{ (random: String) in String(random.dropLast(16)) }, { $0 + String(repeating: "0", count: 16) }] {
            let tampered = try Self.edited(journal, line: 6) { json in
                guard case .string(let random)? = json["random"] else { return }
                Self.set(&json, "random", .string(edit(random)))
            }
            let report = InputReplay.run(journal: tampered)
            guard case .diverged(6, _) = report else {
                Issue.record("not a divergence at line 6: \(report)")
                continue
            }
        }
        #expect(InputReplay.run(journal: journal).isSame)
    }

    /// `follow_input_journal` hands the daemon the connection to send the lines to; a hub whose inputs are not
    /// journaled has none to follow.
    @Test func onlyAJournaledHubHasAJournalToFollow() {
        var recorder = Recorder()
        let followed = recorder.send("follow_input_journal", "{}", as: HubHarness.other)
        #expect(followed.outputs == [.inputJournalFollowed(connectionID: HubHarness.other.connectionID)])
        #expect(followed.replies.map(\.result) == [.success(.null)])
        var harness = HubHarness()
        #expect(harness.error("follow_input_journal")?.code == .sessionState)
        #expect(harness.error("follow_input_journal", ["from": 3])?.code == .invalidArguments)
    }

    @Test func theReplayStopsWhereTheHubChangedOtherwise() throws {
        var recorder = Self.recorded()
        recorder.lines.insert(InputJournal.line(.unreplayable(at: 0, reason: "the configuration was reloaded")), at: 3)
        let report = InputReplay.run(journal: recorder.journal)
        #expect(report == .stopped(line: 4, inputs: 2, reason: "the configuration was reloaded"))
        #expect(!report.isSame)
        #expect(report.description.hasPrefix("line 4: cannot replay past this line"))
    }

    @Test func anUnreadableJournalSaysWhere() {
        let journal = Self.recorded().journal + "{\"at\": 1}\n"
        let report = InputReplay.run(journal: journal)
        let lineCount = journal.split(separator: "\n").count
        #expect(report.description.contains("line \(lineCount): "))
        #expect(!report.isSame)
    }

    @Test func aStartWithOtherRandomnessIsRefused() throws {
        let journal = try Self.edited(Self.recorded().journal, line: 1) { json in
            Self.set(&json, "random", "")
        }
        guard case .unreadable(let error) = InputReplay.run(journal: journal) else {
            Issue.record("read")
            return
        }
        #expect(error.line == 1)
    }
}

/// The hub's randomness while it records, and given back in a replay.
@Suite struct HubRandomTests {
    @Test func recordingKeepsWhatWasDrawnUntilTaken() {
        var random = HubRandom.recordingSystem
        let values = (0..<3).map { _ in random.next() }
        #expect(random.isRecording)
        #expect(random.takeDrawn() == values)
        #expect(random.takeDrawn() == [])
        var system = HubRandom.system
        _ = system.next()
        #expect(!system.isRecording)
        #expect(system.takeDrawn() == [])
    }

    @Test func replayingGivesTheValuesBackAndCountsWhatIsMissing() {
        var random = HubRandom.replaying([5, 6])
        #expect(random.replayState == (unused: 2, overdrawn: 0))
        #expect(random.next() == 5)
        #expect(random.replayState == (unused: 1, overdrawn: 0))
        #expect(random.next() == 6)
        let beyond = (0..<2).map { _ in random.next() }
        #expect(random.replayState == (unused: 0, overdrawn: 2))
        #expect(beyond[0] != beyond[1], "beyond the recording, values still come from the system")
    }
}
