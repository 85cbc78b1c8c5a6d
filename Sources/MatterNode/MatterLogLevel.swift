/// How much a line of the node's log matters, most severe first; the owner maps it to its logger's levels.
public enum MatterLogLevel: Int, Comparable, Sendable, CaseIterable {
    case error
    case warning
    case notice
    case info
    case debug

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
