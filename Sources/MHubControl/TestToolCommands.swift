import Foundation
import MHubClient
import MHubCommandLine
import MHubConfiguration
import MHubJSON
import MHubProtocol

/// `mhubctl scenario load|status|reset|export`, `mhubctl clock [advance DURATION]`, `mhubctl record FILE` and
/// `mhubctl record --inputs FILE`: the tools for tests (docs/scenarios.md, docs/testing.md).
enum TestToolCommands {
    static let connection = HubConnectionOptions.options

    static let specs = [
        CommandSpec(
            "scenario", summary: "load a scenario file, show it, start it again, or export the home as one",
            subcommands: [
                CommandSpec(
                    "load", summary: "replace the home with the scenario's and start its timeline",
                    options: connection, operands: [OperandSpec("FILE", help: "the scenario file (docs/scenarios.md)")]),
                CommandSpec("status", summary: "the loaded scenario and how far its timeline ran", options: connection),
                CommandSpec(
                    "reset", summary: "back to the scenario's start, its timeline from zero", options: connection),
                CommandSpec(
                    "export", summary: "write the home as it is now as a scenario file",
                    options: connection + [OptionSpec("name", value: "NAME", help: "the scenario's name")],
                    operands: [OperandSpec("FILE", optional: true, help: "where (default: standard output)")]),
            ], defaultSubcommand: "status"),
        CommandSpec(
            "clock", summary: "the hub's clock; advance a virtual one (mhubd --clock virtual)",
            subcommands: [
                CommandSpec("status", summary: "which clock, and the hub's time", options: connection),
                CommandSpec(
                    "advance", summary: "run every timer of the hub up to DURATION from now",
                    options: connection, operands: [OperandSpec("DURATION", help: "250ms, 30s, 1m30s, 2h")]),
            ], defaultSubcommand: "status"),
        CommandSpec(
            "record",
            summary: "write the home and what happens in it, until stopped, as a scenario that replays it",
            options: connection + [
                OptionSpec("seconds", value: "N", help: "stop after N seconds"),
                OptionSpec("count", value: "N", help: "stop after N recorded steps (with --inputs: lines)"),
                OptionSpec(
                    "inputs", value: "FILE",
                    help: "instead, write the hub's input journal to FILE (0600), its lines from the start, as "
                        + "mhubd --record-inputs writes it, for mhubd --replay"),
            ],
            operands: [
                OperandSpec("FILE", optional: true, help: "the scenario file to write (rewritten after every step)")
            ]),
    ]

    static func run(_ command: ParsedCommand, console: any Console) throws -> Int32? {
        guard let first = command.path.first, ["scenario", "clock", "record"].contains(first) else { return nil }
        let hub = try HubConnectionOptions.connect(command, environment: console.environment)
        let json = command.flag("json")
        switch command.path {
        case ["scenario", "load"]:
            let (text, files) = try readScenario(command.operands["FILE"] ?? "")
            let status = try HubCommands.send(hub, LoadScenario(text: text, files: files))
            if json { return HubCommands.print(status, console) }
            console.write(describe(status))
        case ["scenario", "status"]:
            let status = try HubCommands.send(hub, GetScenario())
            if json { return HubCommands.print(status, console) }
            console.write(status.map(describe) ?? "no scenario loaded\n")
        case ["scenario", "reset"]:
            let status = try HubCommands.send(hub, ResetScenario())
            if json { return HubCommands.print(status, console) }
            console.write(describe(status))
        case ["scenario", "export"]:
            let exported = try HubCommands.send(hub, ExportScenario(name: command.value("name")))
            let text = JSONWriter.pretty(exported.scenario) + "\n"
            if let path = command.operands["FILE"] {
                try write(text, to: path)
                if !json { console.write("wrote the home as a scenario to \(path)\n") }
            } else {
                console.write(text)
            }
        case ["clock", "status"]:
            let clock = try HubCommands.send(hub, GetClock())
            if json { return HubCommands.print(clock, console) }
            console.write(describeClock(clock))
        case ["clock", "advance"]:
            let text = command.operands["DURATION"] ?? ""
            guard let milliseconds = DurationText.milliseconds(text) else {
                throw UsageError("DURATION is like 250ms, 30s, 1m30s or 2h, not \"\(text)\"", commandPath: command.path)
            }
            let clock = try HubCommands.send(hub, AdvanceClock(milliseconds: milliseconds))
            if json { return HubCommands.print(clock, console) }
            console.write(describeClock(clock))
        case ["record"]:
            if let path = command.value("inputs") {
                guard command.operands["FILE"] == nil else {
                    throw UsageError("give the scenario FILE or --inputs FILE, not both", commandPath: command.path)
                }
                return try InputJournalRecording.record(hub, to: path, command, console)
            }
            guard command.operands["FILE"] != nil else {
                throw UsageError("record needs the scenario FILE to write, or --inputs FILE", commandPath: command.path)
            }
            return try record(hub, command, console)
        default:
            return nil
        }
        return 0
    }

    /// The scenario's text and the files its imports name, read relative to its directory.
    static func readScenario(_ path: String) throws -> (String, [String: String]) {
        guard let data = FileManager.default.contents(atPath: path) else { throw CommandFailure("cannot read \(path)") }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        var files: [String: String] = [:]
        for name in ScenarioImports.fileNames(in: Array(data)) {
            let url = name.hasPrefix("/") ? URL(fileURLWithPath: name) : directory.appendingPathComponent(name)
            guard let content = FileManager.default.contents(atPath: url.path) else {
                throw CommandFailure("cannot read \(url.path), which the scenario imports")
            }
            files[name] = String(decoding: content, as: UTF8.self)
        }
        return (String(decoding: data, as: UTF8.self), files)
    }

    static func describe(_ status: ScenarioStatus) -> String {
        var lines = ["scenario \"\(status.name)\": \(status.done) of \(status.steps) timeline steps run"]
        if let next = status.nextAtMilliseconds { lines.append("next step at \(DurationText.text(next))") }
        if !status.devices.isEmpty {
            var table = TextTable("DEVICE", "NODE", "SIMULATED DEVICE")
            for (id, device) in status.devices.sorted(by: { $0.key < $1.key }) {
                table.add(
                    id, device.nodeID.map(String.init) ?? "-", device.simulatedDeviceID.map(String.init) ?? "-")
            }
            lines.append(table.rendered.trimmingCharacters(in: .newlines))
        }
        for failure in status.failures {
            lines.append("step \(failure.step) failed: \(failure.reason)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func describeClock(_ clock: ClockStatus) -> String {
        let now = clock.now
        let date = Date(timeIntervalSince1970: Double(now) / 1000)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return "\(clock.clock) clock: \(formatter.string(from: date)) (\(now))\n"
    }

    static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        do {
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw CommandFailure("cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// Exports the home, then adds a step for each replayable event until `--seconds`, `--count`, Ctrl-C or the
    /// hub closing; the file is rewritten whole after every step, so it is complete whenever the recording stops.
    private static func record(_ hub: MHubConnection, _ command: ParsedCommand, _ console: any Console) throws -> Int32
    {
        let path = command.operands["FILE"] ?? ""
        let seconds = try command.integer("seconds", as: Int.self)
        let limit = try command.integer("count", as: Int.self)
        let export = try HubCommands.send(hub, ExportScenario(name: "recorded"))
        let faults = try HubCommands.send(hub, GetFaults())
        let recorder = RecorderBox(ScenarioRecording(export: export, faults: faults), limit: limit)
        try write(JSONWriter.pretty(recorder.json) + "\n", to: path)
        let done = DispatchSemaphore(value: 0)
        let failure = FailureBox()
        hub.setEventHandler { event in
            guard recorder.record(event) else { return }
            do {
                try write(JSONWriter.pretty(recorder.json) + "\n", to: path)
            } catch {
                failure.set("\(error)")
                done.signal()
            }
            if recorder.isFull { done.signal() }
        }
        _ = try HubCommands.call(hub, .startListening, StartListening(events: .all).arguments)
        if !command.flag("json") { console.write("recording to \(path) (Ctrl-C to stop)\n") }
        waitUntilStopped(hub, done, seconds: seconds)
        if let message = failure.message { throw CommandFailure(message) }
        if !command.flag("json") { console.write("recorded \(recorder.steps) steps to \(path)\n") }
        return 0
    }
}

extension TestToolCommands {
    /// A recording's end: `done` signalled (its limit reached, or a write failed), the hub closing the connection, or
    /// `seconds` passed (Ctrl-C ends the process); then no more events are handled.
    static func waitUntilStopped(_ hub: MHubConnection, _ done: DispatchSemaphore, seconds: Int?) {
        Thread.detachNewThread {
            _ = hub.waitUntilClosed()
            done.signal()
        }
        if let seconds {
            _ = done.wait(timeout: .now() + .seconds(seconds))
        } else {
            done.wait()
        }
        hub.setEventHandler(nil)
    }
}

/// The recording, shared between the connection's reader thread and the command.
private final class RecorderBox: @unchecked Sendable {
    // @unchecked: `recording` is touched only under `lock`.
    private let lock = NSLock()
    private var recording: ScenarioRecording
    private let start = DispatchTime.now()
    private let limit: Int?

    init(_ recording: ScenarioRecording, limit: Int?) {
        self.recording = recording
        self.limit = limit
    }

    func record(_ event: MHubEvent) -> Bool {
        let elapsed = Int64((DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000)
        return lock.withLock { recording.record(event.name, event.data, atMilliseconds: elapsed) }
    }

    var json: JSONValue { lock.withLock { recording.json } }
    var steps: Int { lock.withLock { recording.steps } }
    var isFull: Bool { lock.withLock { limit.map { recording.steps >= $0 } ?? false } }
}

private final class FailureBox: @unchecked Sendable {
    // @unchecked: `value` only under `lock`.
    private let lock = NSLock()
    private var value: String?

    func set(_ message: String) { lock.withLock { value = value ?? message } }
    var message: String? { lock.withLock { value } }
}
