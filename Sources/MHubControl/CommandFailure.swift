/// A failure of a command that is not a usage error: one line on stderr, exit status 1.
struct CommandFailure: Error {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
