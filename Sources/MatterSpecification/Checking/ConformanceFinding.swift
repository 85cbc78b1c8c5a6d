/// One way an endpoint differs from what the specification requires of it, with the element, the problem, and the
/// rule that makes it one, in words a developer can act on.
public struct ConformanceFinding: Hashable, Sendable, CustomStringConvertible {
    public enum Element: Hashable, Sendable {
        case deviceType(UInt32)
        case serverCluster(UInt32)
        case clientCluster(UInt32)
        case feature(cluster: UInt32, code: String)
        case attribute(cluster: UInt32, id: UInt32)
        case acceptedCommand(cluster: UInt32, id: UInt32)
        case generatedCommand(cluster: UInt32, id: UInt32)
        case event(cluster: UInt32, id: UInt32)
    }

    public enum Problem: Hashable, Sendable {
        /// Mandatory where it is, and not there.
        case missing
        /// There, and its conformance does not allow it here.
        case notAllowed
        /// There, and the specification does not define it (and it is not a manufacturer's extension).
        case unknown
        /// Its revision is not the specification's.
        case wrongRevision(expected: UInt16, found: UInt16)
        /// A choice group (`O.a+`) with too few or too many of its members there.
        case choice(group: Character, present: Int)
    }

    public var endpoint: UInt16
    public var element: Element
    public var problem: Problem
    /// What the specification says, as a sentence: `OnOff's attribute GlobalSceneControl (0x4000) is mandatory
    /// under "LT"`.
    public var reason: String

    public init(endpoint: UInt16, element: Element, problem: Problem, reason: String) {
        self.endpoint = endpoint
        self.element = element
        self.problem = problem
        self.reason = reason
    }

    public var description: String { "endpoint \(endpoint): \(reason)" }
}
