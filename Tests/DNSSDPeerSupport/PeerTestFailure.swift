/// A peer test's own failure: a tool that did not run or answered nonsense.
public struct PeerTestFailure: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
