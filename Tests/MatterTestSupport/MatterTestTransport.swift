/// How a test carries a `MatterTestController`'s messages to the hub and back: in memory to the node value, or over
/// a socket to the real mhubd.
public protocol MatterTestTransport {
    /// Sends `first`, then whatever the controller answers, until neither side has more to say; returns the
    /// controller's events.
    mutating func converse(_ first: [UInt8], controller: inout MatterTestController) throws
        -> [MatterTestController.Event]
}
