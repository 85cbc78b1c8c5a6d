/// What an accessor may do, in ascending order (Matter Core Specification 6.6.2.3 "Privilege"; CHIP
/// `src/access/Privilege.h`): each privilege includes the ones below it.
public enum AccessPrivilege: UInt8, Hashable, Sendable, Comparable, CustomStringConvertible {
    case view = 1
    case proxyView = 2
    case operate = 3
    case manage = 4
    case administer = 5

    public static func < (lhs: AccessPrivilege, rhs: AccessPrivilege) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .view: "View"
        case .proxyView: "ProxyView"
        case .operate: "Operate"
        case .manage: "Manage"
        case .administer: "Administer"
        }
    }
}
