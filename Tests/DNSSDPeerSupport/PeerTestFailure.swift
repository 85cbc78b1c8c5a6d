/// A peer test's own failure: a tool that did not run or answered nonsense.
struct PeerTestFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
