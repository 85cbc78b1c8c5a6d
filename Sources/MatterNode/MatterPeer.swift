/// Where a Matter message came from, and so where its answer goes: a UDP address or a TCP connection.
public enum MatterPeer: Hashable, Sendable, CustomStringConvertible {
    /// A UDP peer: the socket address as `recvfrom` filled it in, and its text for logs.
    case udp(MatterUDPAddress)
    /// An accepted TCP connection, by the port's connection number, and the peer's text for logs.
    case tcp(connection: UInt64, name: String)

    /// Whether messages to this peer use MRP: over UDP yes; over TCP, a reliable transport, no (CHIP
    /// `ReliableMessageContext`/`SessionManager` do not retransmit over TCP, and its senders clear the R flag).
    public var usesReliableMessaging: Bool {
        switch self {
        case .udp: true
        case .tcp: false
        }
    }

    public var description: String {
        switch self {
        case .udp(let address): "udp \(address.text)"
        case .tcp(let connection, let name): "tcp \(name) #\(connection)"
        }
    }

    /// The peer's address without its port (`[::1]:5540` → `[::1]`), what the per-peer limits count by: one
    /// host is one peer however many ports, connections or ephemeral node IDs it uses.
    public var host: String {
        switch self {
        case .udp(let address): Self.host(of: address.text)
        case .tcp(_, let name): Self.host(of: name)
        }
    }

    /// `address:port` or `[address]:port` as `getnameinfo` numbers them (`Sockets.numericName`), less the port.
    public static func host(of name: String) -> String {
        guard let colon = name.lastIndex(of: ":"), !name.hasSuffix("]") else { return name }
        return String(name[..<colon])
    }
}

/// A UDP socket address in the bytes of a `sockaddr_in` or `sockaddr_in6`, so the pure session table can hold
/// and compare it without a C type. Two addresses are the same when their bytes are: the text is made from them.
public struct MatterUDPAddress: Hashable, Sendable {
    public var bytes: [UInt8]
    public var text: String

    public init(bytes: [UInt8], text: String) {
        self.bytes = bytes
        self.text = text
    }

    public static func == (lhs: MatterUDPAddress, rhs: MatterUDPAddress) -> Bool { lhs.bytes == rhs.bytes }

    public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
}
