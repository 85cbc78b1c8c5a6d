import Foundation
import MHubClient
import MHubCommandLine
import MHubJSON
import MHubProtocol

/// `mhubctl record --inputs FILE`: the hub's input journal as the hub writes it (`follow_input_journal`), its lines
/// from the start and then each new one as its input is handled, written to FILE until `--seconds`, `--count`
/// lines, Ctrl-C or the hub going away; `mhubd --replay FILE` checks it (docs/testing.md, "Recording and replaying
/// a hub's inputs"). Only a hub started with `--ephemeral --record-inputs` has a journal to follow.
enum InputJournalRecording {
    static func record(_ hub: MHubConnection, to path: String, _ command: ParsedCommand, _ console: any Console)
        throws -> Int32
    {
        let seconds = try command.integer("seconds", as: Int.self)
        let limit = try command.integer("count", as: Int.self)
        let file = try JournalLines(path: path, limit: limit)
        let done = DispatchSemaphore(value: 0)
        hub.setEventHandler { event in
            guard event.kind == .inputJournaled, case .string(let line) = event.data else { return }
            if !file.append(line) { done.signal() }
        }
        do {
            _ = try HubCommands.call(hub, .followInputJournal)
        } catch {
            hub.setEventHandler(nil)
            file.close()
            throw error
        }
        let json = command.flag("json")
        if !json { console.write("recording the hub's inputs to \(path) (Ctrl-C to stop)\n") }
        TestToolCommands.waitUntilStopped(hub, done, seconds: seconds)
        let (count, failure) = file.close()
        if let failure { throw CommandFailure(failure) }
        if !json { console.write("recorded \(count) lines to \(path); check them with mhubd --replay \(path)\n") }
        return 0
    }
}

/// The file the lines go to, shared between the connection's reader thread and the command: made 0600, since the
/// journal holds requests' secrets (a Wi-Fi password) and the random values behind passcodes.
private final class JournalLines: @unchecked Sendable {
    // @unchecked: `handle`, `count` and `failure` are touched only under `lock`.
    private let lock = NSLock()
    private var handle: FileHandle?
    private var count = 0
    private var failure: String?
    private let limit: Int?
    private let path: String

    init(path: String, limit: Int?) throws {
        self.path = path
        self.limit = limit
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0, fchmod(descriptor, 0o600) == 0 else {
            let reason = String(cString: strerror(errno))
            if descriptor >= 0 { Foundation.close(descriptor) }
            throw CommandFailure("cannot write \(path): \(reason)")
        }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Writes one line; false once no more are wanted (the limit reached, or the file failed).
    func append(_ line: String) -> Bool {
        lock.withLock {
            guard let handle, limit.map({ count < $0 }) ?? true else { return false }
            do {
                try handle.write(contentsOf: Data((line + "\n").utf8))
            } catch {
                failure = "cannot write \(path): \(error.localizedDescription)"
                return false
            }
            count += 1
            return limit.map { count < $0 } ?? true
        }
    }

    /// Closes the file: how many lines it got, and why it stopped early, if it did.
    @discardableResult
    func close() -> (Int, String?) {
        lock.withLock {
            try? handle?.close()
            handle = nil
            return (count, failure)
        }
    }
}
