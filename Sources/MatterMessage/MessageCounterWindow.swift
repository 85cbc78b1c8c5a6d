/// Duplicate detection for the counters received from one peer: the highest counter seen and a bitmap of
/// the 32 before it.
///
/// Matter spec 4.5.4 as CHIP implements it (`src/transport/PeerMessageCounter.h`, window size
/// `CHIP_CONFIG_MESSAGE_COUNTER_WINDOW_SIZE` = 32). Bit i of the bitmap stands for max − (i + 1).
/// * Encrypted unicast: no rollover; a new session starts synchronised at 0 (`kInitialSyncValue`), so
///   only counters above the maximum, or unseen ones within the window, are new.
/// * Group (encrypted): rollover; counters up to 2^31 − 1 ahead are new; the first one is trusted.
/// * Unencrypted: rollover; the first counter is trusted, and counters behind the window are accepted as
///   new too, because the peer may have restarted with a new random counter.
///
/// Check a counter with `verdict(for:)` before decrypting and `commit(_:)` it only after the message's
/// integrity check passed, so a forged message cannot move the window.
public struct MessageCounterWindow: Hashable, Sendable {
    public static let size = 32

    public enum Mode: Hashable, Sendable {
        case encryptedUnicast
        case group
        case unencrypted
    }

    public enum Verdict: Hashable, Sendable {
        case new
        case duplicate
    }

    private enum Position {
        case future
        case maximum
        case inWindow(offset: UInt32)
        case beforeWindow
    }

    public let mode: Mode
    /// The highest counter committed; nil before the first message of a group or unencrypted peer.
    public private(set) var maximumCounter: UInt32?
    private var bitmap: UInt32 = 0

    /// A window for a new peer: encrypted unicast sessions start synchronised at 0, the others trust the
    /// first counter they see.
    public init(mode: Mode) {
        self.mode = mode
        switch mode {
        case .encryptedUnicast: maximumCounter = 0
        case .group, .unencrypted: maximumCounter = nil
        }
    }

    /// A window synchronised at `maximumCounter` with nothing seen before it.
    public init(mode: Mode, maximumCounter: UInt32) {
        self.mode = mode
        self.maximumCounter = maximumCounter
    }

    /// Whether `counter` is new or a duplicate, without changing the window.
    public func verdict(for counter: UInt32) -> Verdict {
        let position = position(of: counter)
        switch (mode, position) {
        case (_, .future): return .new
        case (_, .inWindow(let offset)): return bitmap & (1 << (offset - 1)) != 0 ? .duplicate : .new
        case (_, .maximum): return .duplicate
        case (.encryptedUnicast, .beforeWindow), (.group, .beforeWindow): return .duplicate
        case (.unencrypted, .beforeWindow): return .new
        }
    }

    /// Records `counter` as received.
    public mutating func commit(_ counter: UInt32) {
        guard let maximum = maximumCounter else {
            maximumCounter = counter
            bitmap = 0
            return
        }
        switch position(of: counter) {
        case .maximum:
            break
        case .inWindow(let offset):
            bitmap |= 1 << (offset - 1)
        case .future, .beforeWindow:
            let shift = counter &- maximum
            maximumCounter = counter
            bitmap = shift > UInt32(Self.size) ? 0 : (bitmap << shift) | (1 << (shift - 1))
        }
    }

    /// `verdict(for:)`, then `commit(_:)` if the counter is new.
    public mutating func receive(_ counter: UInt32) -> Verdict {
        let verdict = verdict(for: counter)
        if verdict == .new { commit(counter) }
        return verdict
    }

    private func position(of counter: UInt32) -> Position {
        guard let maximum = maximumCounter else { return .future }
        switch mode {
        case .encryptedUnicast:
            if counter > maximum { return .future }
        case .group, .unencrypted:
            let increase = counter &- maximum
            if increase >= 1, increase <= UInt32(Int32.max) { return .future }
        }
        if counter == maximum { return .maximum }
        let offset = maximum &- counter
        return offset <= UInt32(Self.size) ? .inWindow(offset: offset) : .beforeWindow
    }
}
