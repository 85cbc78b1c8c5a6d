import Foundation

/// Where `mhubctl` writes and reads; tests give it buffers instead of the process's streams.
public protocol Console: AnyObject, Sendable {
    /// Whether standard output is a terminal (it decides colours and QR drawing).
    var outputIsTerminal: Bool { get }
    func write(_ text: String)
    func writeError(_ text: String)
    /// All of standard input.
    func readInput() -> String
    /// The process environment (MHUB_SOCKET, MHUB_URL, MHUB_TOKEN).
    var environment: [String: String] { get }
}

/// The process's own standard streams.
public final class StandardConsole: Console, Sendable {
    public init() {}

    public var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    public func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    public func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    public var environment: [String: String] { ProcessInfo.processInfo.environment }

    public func readInput() -> String {
        String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }
}
