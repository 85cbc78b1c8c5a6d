/// Which exchange a PASE message travels on, as the transport owner identifies it.
///
/// PASE runs on the unsecured session, where the initiator picks a random ephemeral source node ID
/// (Matter reference D, "Unsecured messages"): together with the exchange ID it tells one handshake from another.
public struct PASEExchange: Hashable, Sendable, CustomStringConvertible {
    /// The initiator's ephemeral node ID, or any other value the owner uses to tell peers apart.
    public var peer: UInt64
    public var exchangeID: UInt16

    public init(peer: UInt64, exchangeID: UInt16) {
        self.peer = peer
        self.exchangeID = exchangeID
    }

    public var description: String {
        "exchange \(exchangeID) of peer 0x" + String(peer, radix: 16, uppercase: true)
    }
}
