/// A command line that does not fit the program's commands; shown as one line with a hint, exit 64.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    /// The command words whose help explains the right usage, e.g. `["payload", "generate"]`.
    public var commandPath: [String]

    public init(_ message: String, commandPath: [String]) {
        self.message = message
        self.commandPath = commandPath
    }

    public var description: String { message }
}
