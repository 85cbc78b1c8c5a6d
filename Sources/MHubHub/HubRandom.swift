/// The hub's source of randomness: the system's secure generator, or a seeded one that tests replay.
///
/// Everything random in the hub is a secret or names one — passcodes and salts of enhanced windows, simulated
/// devices' passcodes and discriminators, session IDs, fabric IDs — so the daemon uses the system's secure
/// source (`SystemRandomNumberGenerator`: getrandom(2) on Linux). A seeded SplitMix64 reveals its state in
/// every output, so it exists only for tests and the protocol document's examples.
///
/// An input journal (`mhubd --record-inputs`) keeps what each input drew: `recordingSystem` draws from the system's
/// generator as `system` does and keeps each value until `takeDrawn()`, and `replaying` gives those values back in
/// order, so a replay makes the same choices without a weaker generator. The values are secrets like the rest of a
/// journal, which is why its file is 0600.
public struct HubRandom: RandomNumberGenerator, Sendable {
    private enum Source: Sendable {
        case system
        case seeded(SplitMix64)
        /// Values from a journal, and the next one's index.
        case replaying([UInt64], next: Int)
    }

    private var source: Source
    /// What was drawn since the last `takeDrawn()`, while recording.
    private var drawn: [UInt64]?
    /// Values a replay was asked for beyond those it was given.
    private var overdrawn = 0

    /// The system's secure generator.
    public static var system: HubRandom { HubRandom(source: .system, drawn: nil) }

    /// The system's secure generator, keeping what it draws for an input journal (`takeDrawn()`).
    public static var recordingSystem: HubRandom { HubRandom(source: .system, drawn: []) }

    /// A deterministic generator, for tests only.
    public static func seeded(_ seed: UInt64) -> HubRandom {
        HubRandom(source: .seeded(SplitMix64(seed: seed)), drawn: nil)
    }

    /// Gives back `values` in order, as a journal recorded them; `replayState` says how many were left or missing.
    public static func replaying(_ values: [UInt64]) -> HubRandom {
        HubRandom(source: .replaying(values, next: 0), drawn: nil)
    }

    private init(source: Source, drawn: [UInt64]?) {
        self.source = source
        self.drawn = drawn
    }

    public mutating func next() -> UInt64 {
        let value: UInt64
        switch source {
        case .system:
            var system = SystemRandomNumberGenerator()
            value = system.next()
        case .seeded(var generator):
            value = generator.next()
            source = .seeded(generator)
        case .replaying(let values, let next):
            if next < values.count {
                value = values[next]
                source = .replaying(values, next: next + 1)
            } else {
                // The replayed hub drew more than the recorded one: a divergence `replayState` reports. The value
                // must still be one nobody can guess.
                overdrawn += 1
                var system = SystemRandomNumberGenerator()
                value = system.next()
            }
        }
        drawn?.append(value)
        return value
    }

    /// Whether it keeps what it draws (`recordingSystem`).
    public var isRecording: Bool { drawn != nil }

    /// Whether the hub's inputs go to a journal: it records, or it replays one.
    public var isJournaled: Bool {
        guard drawn == nil else { return true }
        if case .replaying = source { return true }
        return false
    }

    /// The values drawn since the last call, while recording; empty otherwise.
    public mutating func takeDrawn() -> [UInt64] {
        guard let values = drawn else { return [] }
        drawn = []
        return values
    }

    /// While replaying: the recorded values not drawn yet, and how many draws found none.
    public var replayState: (unused: Int, overdrawn: Int) {
        guard case .replaying(let values, let next) = source else { return (0, overdrawn) }
        return (values.count - next, overdrawn)
    }
}
