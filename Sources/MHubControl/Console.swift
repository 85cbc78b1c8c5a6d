import Foundation

/// Where `mhubctl` writes and reads; tests give it buffers instead of the process's streams.
public protocol Console: AnyObject {
    /// Whether standard output is a terminal (it decides colours and QR drawing).
    var outputIsTerminal: Bool { get }
    func write(_ text: String)
    func writeError(_ text: String)
    /// All of standard input.
    func readInput() -> String
}

/// The process's own standard streams.
public final class StandardConsole: Console {
    public init() {}

    public var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    public func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    public func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    public func readInput() -> String {
        String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }
}
