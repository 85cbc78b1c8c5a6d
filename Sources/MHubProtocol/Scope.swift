/// What a connection may do. Each scope includes the ones before it (docs/protocol.md §4).
public enum Scope: Int, Comparable, Sendable, CaseIterable {
    case read
    case control
    case commission
    case admin

    public var name: String {
        switch self {
        case .read: "read"
        case .control: "control"
        case .commission: "commission"
        case .admin: "admin"
        }
    }

    public init?(name: String) {
        guard let scope = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = scope
    }

    public static func < (lhs: Scope, rhs: Scope) -> Bool { lhs.rawValue < rhs.rawValue }
}
