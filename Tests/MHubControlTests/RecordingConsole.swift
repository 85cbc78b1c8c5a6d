import MHubControl

/// A console that records what a command writes and serves fixed input.
final class RecordingConsole: Console {
    var output = ""
    var errors = ""
    let input: String
    let outputIsTerminal: Bool

    init(input: String = "", terminal: Bool = false) {
        self.input = input
        self.outputIsTerminal = terminal
    }

    func write(_ text: String) { output += text }
    func writeError(_ text: String) { errors += text }
    func readInput() -> String { input }
}
