/// The counter a node stamps on the messages it sends.
///
/// Matter reference D, "Message counters" (CHIP `src/transport/MessageCounter.h`): a counter starts at a
/// random value in [1, 2^28] (`(rand & 0x0FFFFFFF) + 1`). A secure session's counter never rolls over:
/// once 0xFFFFFFFF is used the session is exhausted and must be replaced. The global counter for
/// unencrypted messages wraps around.
public struct MessageCounter: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A secure session's counter: exhausted after 0xFFFFFFFF.
        case secureSession
        /// The node's global counter for unencrypted messages: wraps to 0.
        case unencrypted
    }

    public static let initialValueMask: UInt32 = 0x0FFF_FFFF

    public let kind: Kind
    /// The value the next message gets, or nil once a secure session's counter is exhausted.
    public private(set) var nextValue: UInt32?

    /// A counter starting at a random value in [1, 2^28] drawn from `generator`.
    public init(kind: Kind, using generator: inout some RandomNumberGenerator) {
        let random = UInt32(truncatingIfNeeded: generator.next())
        self.init(kind: kind, initialValue: (random & Self.initialValueMask) + 1)
    }

    public init(kind: Kind, initialValue: UInt32) {
        self.kind = kind
        nextValue = initialValue
    }

    /// The counter for the next message, or nil if a secure session has used every value.
    public mutating func next() -> UInt32? {
        guard let value = nextValue else { return nil }
        if value == .max {
            switch kind {
            case .secureSession: nextValue = nil
            case .unencrypted: nextValue = 0
            }
        } else {
            nextValue = value + 1
        }
        return value
    }
}
