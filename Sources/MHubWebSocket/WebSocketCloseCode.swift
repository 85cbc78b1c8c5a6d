/// A status code carried by a close frame (RFC 6455 §7.4).
public struct WebSocketCloseCode: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt16

    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// The purpose of the connection has been fulfilled.
    public static let normalClosure = Self(rawValue: 1000)
    /// The endpoint is going away, e.g. the server shuts down.
    public static let goingAway = Self(rawValue: 1001)
    /// The peer broke the protocol.
    public static let protocolError = Self(rawValue: 1002)
    /// The peer sent a kind of data the endpoint cannot accept, e.g. binary where only text is understood.
    public static let unsupportedData = Self(rawValue: 1003)
    /// The data in a message did not match its type, e.g. a text message that is not UTF-8 (RFC 6455 §8.1).
    public static let invalidPayload = Self(rawValue: 1007)
    /// A message broke the endpoint's policy and no more specific code fits.
    public static let policyViolation = Self(rawValue: 1008)
    /// A message was too big to process.
    public static let messageTooBig = Self(rawValue: 1009)
    /// The server met an unexpected condition.
    public static let internalError = Self(rawValue: 1011)

    /// Whether an endpoint may send this code in a close frame.
    ///
    /// RFC 6455 §7.4.1 defines 1000–1003 and 1007–1011 for the wire and reserves 1004, 1005, 1006 and 1015 for
    /// local use only; §7.4.2 leaves 0–999 unused, 1000–2999 for the protocol (the rest unassigned here) and
    /// 3000–4999 for libraries and applications.
    var isValidOnWire: Bool {
        switch rawValue {
        case 1000...1003, 1007...1011, 3000...4999: true
        default: false
        }
    }
}
