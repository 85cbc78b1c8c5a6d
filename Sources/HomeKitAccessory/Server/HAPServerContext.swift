/// What the accessory server reads and keeps through its owner, for one call: the attribute database as it is now,
/// the time, and the store.
public protocol HAPServerContext {
    /// Monotonic milliseconds.
    var now: UInt64 { get }
    /// Every accessory, values filled in (`GET /accessories`).
    func accessories() -> [HAPAccessory]
    /// One characteristic with its value now, readable or not, or why not (an unknown aid or iid).
    func characteristic(_ id: HAPCharacteristicID) -> Result<HAPCharacteristic, HAPStatus>
    /// Whether the accessory's device answers now: reads and writes of one that does not are -70402.
    func isReachable(_ aid: UInt64) -> Bool
    /// Saves the record whole, durably; false when it could not (the answer that needed it is then an error).
    func save(_ record: HAPAccessoryRecord) -> Bool
}

/// A controller's writes, for the owner to carry out (as Matter commands and writes on the devices), then answer
/// with `HAPAccessoryServer.writesAnswered`.
public struct HAPWriteBatch: Hashable, Sendable {
    public var ticket: UInt64
    public var connection: UInt64
    /// Each characteristic and its value, checked against the characteristic's format, range and permissions.
    public var writes: [HAPCharacteristicID: HAPValue]

    public init(ticket: UInt64, connection: UInt64, writes: [HAPCharacteristicID: HAPValue]) {
        self.ticket = ticket
        self.connection = connection
        self.writes = writes
    }
}

/// What the accessory server asks its owner to do, in order.
public enum HAPServerAction: Hashable, Sendable {
    /// Bytes for a connection, already sealed when it is secured.
    case send(connection: UInt64, bytes: [UInt8])
    /// Close the connection once what was sent before is written.
    case close(connection: UInt64, reason: String)
    case write(HAPWriteBatch)
    /// The pairings changed (saved): `sf` may flip, and the owner reports who is paired.
    case pairingsChanged
    /// An unpaired controller asked the bridge to identify itself (`POST /identify`).
    case identify
    case log(HAPLogLevel, String)
}

public enum HAPLogLevel: Hashable, Sendable {
    case notice
    case info
    case debug
}
