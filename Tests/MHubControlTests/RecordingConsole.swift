import MHubControl
import Synchronization

/// A console that records what a command writes and serves fixed input.
final class RecordingConsole: Console {
    private let recorded = Mutex((output: "", errors: ""))
    let input: String
    let outputIsTerminal: Bool
    let environment: [String: String]

    init(input: String = "", terminal: Bool = false, environment: [String: String] = [:]) {
        self.input = input
        self.outputIsTerminal = terminal
        self.environment = environment
    }

    var output: String { recorded.withLock { $0.output } }
    var errors: String { recorded.withLock { $0.errors } }

    func write(_ text: String) { recorded.withLock { $0.output += text } }
    func writeError(_ text: String) { recorded.withLock { $0.errors += text } }
    func readInput() -> String { input }
}
