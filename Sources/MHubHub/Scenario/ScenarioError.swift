import MHubJSON

/// Why a scenario cannot be loaded: where in the file, and why. Nothing of it was applied.
public struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
    public var position: JSONDocument.Position
    /// The JSON Pointer of the value at fault (`/timeline/3/at`).
    public var pointer: String
    public var reason: String

    public init(position: JSONDocument.Position, pointer: String, reason: String) {
        self.position = position
        self.pointer = pointer
        self.reason = reason
    }

    public var description: String { "\(position): \(reason)" }

    /// The hub's error for it: InvalidScenario (241), the line and column first.
    var hubError: HubError { HubError(.invalidScenario, description) }
}
