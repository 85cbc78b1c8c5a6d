/// A node's MRP intervals, advertised as `SII`, `SAI` and `SAT` in milliseconds (reference A.1 and D).
public struct MatterSessionParameters: Hashable, Sendable {
    /// `SII`: the retransmission interval while the peer is idle, 1 to 3 600 000 ms.
    public var idleInterval: UInt32
    /// `SAI`: the retransmission interval while the peer is active, 1 to 3 600 000 ms.
    public var activeInterval: UInt32
    /// `SAT`: how long a peer counts as active after its last message, 1 to 65 535 ms.
    public var activeThreshold: UInt16

    public init(idleInterval: UInt32, activeInterval: UInt32, activeThreshold: UInt16) {
        self.idleInterval = idleInterval
        self.activeInterval = activeInterval
        self.activeThreshold = activeThreshold
    }

    /// The spec defaults, 500/300/4000 ms (CHIP `GetDefaultMRPConfig()`): advertising them is left out.
    public static let specDefault = MatterSessionParameters(
        idleInterval: 500, activeInterval: 300, activeThreshold: 4000)

    /// The largest interval parsers accept, one hour (reference A.1: CHIP `TxtFields.cpp` takes 1...3 600 000).
    public static let maximumInterval: UInt32 = 3_600_000

    func validate() throws(DNSSDError) {
        for (name, value) in [("SII", idleInterval), ("SAI", activeInterval)] {
            guard (1...Self.maximumInterval).contains(value) else {
                throw DNSSDError(
                    "sessionParameters.\(name)",
                    "\(value) ms is outside 1...\(Self.maximumInterval) ms, which parsers accept")
            }
        }
        guard activeThreshold >= 1 else {
            throw DNSSDError("sessionParameters.SAT", "0 ms reads as absent; the threshold is 1...65535 ms")
        }
    }
}
