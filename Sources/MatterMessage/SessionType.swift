/// The session type in the security flags, bits 1..0 (Matter reference D).
public enum SessionType: UInt8, Hashable, Sendable {
    case unicast = 0
    case group = 1
}
