import DNSSDPeerSupport
import Foundation
import MHubJSON

/// A helper program the test talks to a line at a time: a line written to its standard input, a JSON object read from
/// its standard output. Stopped by `stop`, which a test defers.
final class LineProcess {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffered: [UInt8] = []

    init(_ executable: URL, _ arguments: [String]) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        try process.runSerialized()
    }

    func writeLine(_ line: String) throws {
        try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    /// The next line, parsed as JSON; fails when none comes within `seconds` or the program ends first.
    func readLine(within seconds: Double) throws -> JSONValue {
        let fd = output.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffered[..<newline], as: UTF8.self)
                buffered.removeSubrange(...newline)
                return try JSONParser().parse(line)
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else {
                throw TestFailure("\(process.executableURL?.lastPathComponent ?? "?"): no line in \(seconds) s")
            }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(left * 1000)) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { throw TestFailure("\(process.executableURL?.lastPathComponent ?? "?") ended") }
            buffered += chunk[..<count]
        }
    }

    /// Ends its standard input, which ends a helper that reads it to the end; one still running a few seconds later
    /// is killed (SIGKILL: signals the test process blocks, SIGTERM among them, stay blocked in what it spawns).
    func stop() {
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
