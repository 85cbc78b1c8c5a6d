import MatterMessage
import MatterSecureChannel
import MatterTestSupport
import Testing

@testable import MatterNode

/// The PASE slot's bounds: one host holds it for one handshake timeout at a stretch, and a window's attempts run out.
@Suite struct MatterNodePASEHoldTests {
    let holder = MatterNodeHarness.udp(40_001, host: 1)
    let waiter = MatterNodeHarness.udp(40_002, host: 2)
    static let refusal = StatusReport(generalCode: .failure, secureChannelCode: .invalidParameter)

    static func opcodes(_ messages: [[UInt8]]) throws -> [UInt8] {
        try messages.map { try Message.decodeUnsecured($0).protocolHeader.opcode }
    }

    @Test func startingOverDoesNotPushTheDeadlineBack() throws {
        var harness = try MatterNodeHarness()
        // A handshake that fails at once (wrong passcode) starts the host's hold, until 61 s.
        var wrong = MatterTestController(passcode: 12_345_679, seed: 41)
        _ = try harness.pase(&wrong, peer: holder)
        #expect(
            harness.table.sessionLayer.paseHold
                == PASEHold(host: "127.0.0.1", deadline: MonotonicInstant(milliseconds: 61_000)))
        // Half-way the same host starts over, from another port and ephemeral node: the hold's deadline stays.
        harness.now = 31_000
        var again = MatterTestController(passcode: MatterNodeHarness.passcode, seed: 42)
        _ = harness.deliver(again.pbkdfParamRequest(), from: MatterNodeHarness.udp(40_009, host: 1))
        #expect(harness.table.sessionLayer.paseResponder?.nextDeadline?.milliseconds == 61_000)
        // Another host starting afterwards gets the whole timeout.
        _ = harness.advance(to: 61_000, peer: holder)
        var other = MatterTestController(passcode: MatterNodeHarness.passcode, seed: 43)
        _ = harness.deliver(other.pbkdfParamRequest(), from: waiter)
        #expect(harness.table.sessionLayer.paseResponder?.nextDeadline?.milliseconds == 121_000)
    }

    @Test func aHolderThatKeptOthersOutYieldsForOneTimeout() throws {
        var harness = try MatterNodeHarness()
        var attacker = MatterTestController(passcode: 1, seed: 43)
        var controller = MatterTestController(passcode: MatterNodeHarness.passcode, seed: 44)
        _ = harness.deliver(attacker.pbkdfParamRequest(), from: holder)
        harness.now = 41_000
        #expect(
            try harness.converse(controller.pbkdfParamRequest(), controller: &controller, peer: waiter)
                == [.statusReport(.busy(minimumWaitMilliseconds: 20_000))])
        // The attacker's handshake times out; it asks again at once, and must leave the slot to the waiter.
        _ = harness.advance(to: 61_000, peer: holder)
        harness.now = 61_001
        #expect(
            try harness.converse(attacker.pbkdfParamRequest(), controller: &attacker, peer: holder)
                == [.statusReport(.busy(minimumWaitMilliseconds: 59_999))])
        #expect(harness.events.contains(.busy(holder, minimumWaitMilliseconds: 59_999, because: .yielding)))
        harness.now = 62_000
        #expect(try harness.pase(&controller, peer: waiter) == [.established])
    }

    @Test func aHolderNobodyWaitedForMayStartAgain() throws {
        var harness = try MatterNodeHarness()
        var controller = MatterTestController(passcode: MatterNodeHarness.passcode, seed: 45)
        _ = harness.deliver(controller.pbkdfParamRequest(), from: holder)
        _ = harness.advance(to: 61_000, peer: holder)
        harness.now = 61_001
        #expect(try harness.pase(&controller, peer: holder) == [.established])
        // A wrong passcode and then the right one, at once, from one host: no hold-up either.
        var harness2 = try MatterNodeHarness()
        var wrong = MatterTestController(passcode: 12_345_679, seed: 46)
        _ = try harness2.pase(&wrong, peer: holder)
        var right = MatterTestController(passcode: MatterNodeHarness.passcode, seed: 47)
        #expect(try harness2.pase(&right, peer: holder) == [.established])
    }

    @Test func twentyFailedAttemptsUseUpTheWindow() throws {
        var harness = try MatterNodeHarness()
        for attempt in 0..<MatterNode.maximumFailedAttempts - 1 {
            var wrong = MatterTestController(passcode: 12_345_679, seed: 100 + UInt64(attempt))
            #expect(try harness.pase(&wrong, peer: holder) == [.statusReport(Self.refusal)])
        }
        #expect(harness.exhaustedReports == 0)
        // The twentieth: a handshake that times out counts too.
        var stalled = MatterTestController(passcode: MatterNodeHarness.passcode, seed: 99)
        _ = harness.deliver(stalled.pbkdfParamRequest(), from: holder)
        _ = harness.advance(to: harness.now + 60_000, peer: holder)
        #expect(harness.exhaustedReports == 1)
        #expect(harness.events.contains(.attemptsExhausted(failedAttempts: 20)))
        // From now on PASE is refused as for a closed window, even with the right passcode, and the hub is not
        // told again.
        var right = MatterTestController(passcode: MatterNodeHarness.passcode, seed: 98)
        #expect(try harness.pase(&right, peer: waiter) == [.statusReport(Self.refusal)])
        #expect(harness.events.last == .windowClosed(waiter))
        #expect(harness.exhaustedReports == 1)
        // A new window counts afresh.
        try harness.openWindow()
        #expect(try harness.pase(&right, peer: waiter) == [.established])
    }
}
