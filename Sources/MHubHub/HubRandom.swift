/// The hub's source of randomness: the system's secure generator, or a seeded one that tests replay.
///
/// Everything random in the hub is a secret or names one — passcodes and salts of enhanced windows, simulated
/// devices' passcodes and discriminators, session IDs, fabric IDs — so the daemon uses the system's secure
/// source (`SystemRandomNumberGenerator`: getrandom(2) on Linux). A seeded SplitMix64 reveals its state in
/// every output, so it exists only for tests and the protocol document's examples.
public struct HubRandom: RandomNumberGenerator, Sendable {
    private var seeded: SplitMix64?

    /// The system's secure generator.
    public static var system: HubRandom { HubRandom(seeded: nil) }

    /// A deterministic generator, for tests only.
    public static func seeded(_ seed: UInt64) -> HubRandom { HubRandom(seeded: SplitMix64(seed: seed)) }

    public mutating func next() -> UInt64 {
        if seeded != nil { return seeded!.next() }
        var system = SystemRandomNumberGenerator()
        return system.next()
    }
}
