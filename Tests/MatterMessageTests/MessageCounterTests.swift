import MHubTestSupport
import Testing

@testable import MatterMessage

/// Outgoing counters and the receive window (Matter reference D; CHIP `MessageCounter.h`,
/// `PeerMessageCounter.h`).
@Suite struct MessageCounterTests {
    @Test func randomInitialValuesStayInRange() {
        var random = SeededGenerator(seed: 1)
        for _ in 0..<1000 {
            let counter = MessageCounter(kind: .secureSession, using: &random)
            let value = counter.nextValue ?? 0
            #expect((1...0x1000_0000).contains(value))
        }
        var all = ConstantGenerator(value: .max)
        #expect(MessageCounter(kind: .secureSession, using: &all).nextValue == 0x1000_0000)
        var none = ConstantGenerator(value: 0)
        #expect(MessageCounter(kind: .secureSession, using: &none).nextValue == 1)
    }

    @Test func sessionCountersExhaustAndGlobalOnesWrap() {
        var session = MessageCounter(kind: .secureSession, initialValue: UInt32.max - 1)
        #expect(session.next() == UInt32.max - 1)
        #expect(session.next() == .max)
        #expect(session.next() == nil)
        #expect(session.next() == nil)
        var global = MessageCounter(kind: .unencrypted, initialValue: .max)
        #expect(global.next() == .max)
        #expect(global.next() == 0)
        #expect(global.next() == 1)
    }

    @Test func encryptedUnicastWindow() {
        var window = MessageCounterWindow(mode: .encryptedUnicast)
        #expect(window.receive(0) == .duplicate)  // synchronised at 0
        #expect(window.receive(100) == .new)
        #expect(window.receive(100) == .duplicate)
        #expect(window.receive(99) == .new)
        #expect(window.receive(99) == .duplicate)
        #expect(window.receive(68) == .new)  // offset 32: the window's last bit
        #expect(window.receive(67) == .duplicate)  // behind the window
        #expect(window.receive(101) == .new)
        #expect(window.receive(69) == .new)  // offset 32 from 101
        #expect(window.receive(68) == .duplicate)  // now behind the window
        #expect(window.receive(.max) == .new)
        #expect(window.receive(5) == .duplicate)  // no rollover for unicast
    }

    @Test func checkingDoesNotCommit() {
        var window = MessageCounterWindow(mode: .encryptedUnicast)
        #expect(window.verdict(for: 10) == .new)
        #expect(window.verdict(for: 10) == .new)
        window.commit(10)
        #expect(window.verdict(for: 10) == .duplicate)
        #expect(window.maximumCounter == 10)
    }

    @Test func bigJumpClearsTheBitmap() {
        var window = MessageCounterWindow(mode: .encryptedUnicast, maximumCounter: 1000)
        #expect(window.receive(999) == .new)
        #expect(window.receive(1000 + 40) == .new)
        #expect(window.receive(1000 + 40 - 32) == .new)
        #expect(window.receive(1000 + 40 - 33) == .duplicate)
    }

    @Test func unencryptedTrustsFirstAndAcceptsRestartedPeers() {
        var window = MessageCounterWindow(mode: .unencrypted)
        #expect(window.maximumCounter == nil)
        #expect(window.receive(0x0FFF_0000) == .new)
        #expect(window.receive(0x0FFF_0000) == .duplicate)
        #expect(window.receive(0x0FFE_FFFF) == .new)
        // A restarted peer comes back far behind the window: accepted, and it becomes the maximum.
        #expect(window.receive(17) == .new)
        #expect(window.maximumCounter == 17)
        #expect(window.receive(17) == .duplicate)
        // Rollover: 0xFFFFFFFF then 0.
        var wrapping = MessageCounterWindow(mode: .unencrypted, maximumCounter: .max)
        #expect(wrapping.receive(0) == .new)
        #expect(wrapping.receive(.max) == .duplicate)
    }

    @Test func groupWindowRollsOverButRejectsOld() {
        var window = MessageCounterWindow(mode: .group)
        #expect(window.receive(.max - 1) == .new)
        #expect(window.receive(3) == .new)  // 5 ahead, modulo 2^32
        #expect(window.receive(.max) == .new)  // in the window
        #expect(window.receive(.max) == .duplicate)
        #expect(window.receive(3 &- 40) == .duplicate)  // behind the window
    }
}
