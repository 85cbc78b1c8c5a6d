import MHubConfiguration
import MHubHub
import Testing

@testable import MHubDaemonRules

/// The connection gate's rules as a value: the total, the share per principal, and the handshake queue.
@Suite struct ConnectionAdmissionTests {
    static func limits(total: Int = 10, perPrincipal: Int = 10, pending: Int = 10, timeout: Int = 1000)
        -> ControlConfiguration
    {
        var limits = ControlConfiguration()
        limits.maximumConnections = total
        limits.maximumConnectionsPerPrincipal = perPrincipal
        limits.maximumPendingHandshakes = pending
        limits.handshakeTimeoutMilliseconds = timeout
        return limits
    }

    let alice = Principal("alice")
    let bob = Principal("bob")

    @Test func theTotalIsBoundedAndAClosedConnectionMakesRoom() {
        var admission = ConnectionAdmission(limits: Self.limits(total: 2))
        let r1 = admission.accepted(1, principal: alice, now: 0)
        #expect(r1.refusal == nil)
        let r2 = admission.accepted(2, principal: bob, now: 0)
        #expect(r2.refusal == nil)
        let r3 = admission.accepted(3, principal: bob, now: 0)
        #expect(r3.refusal?.kind == .tooManyConnections)
        #expect(admission.open == [1, 2])
        admission.finished(1)
        let r4 = admission.accepted(3, principal: bob, now: 0)
        #expect(r4.refusal == nil)
    }

    @Test func aPrincipalHoldsItsShareAndNoMore() {
        var admission = ConnectionAdmission(limits: Self.limits(perPrincipal: 2))
        let r5 = admission.accepted(1, principal: alice, now: 0)
        #expect(r5.refusal == nil)
        let r6 = admission.accepted(2, principal: alice, now: 0)
        #expect(r6.refusal == nil)
        let r7 = admission.accepted(3, principal: alice, now: 0)
        #expect(r7.refusal?.kind == .tooManyForPrincipal)
        let r8 = admission.accepted(4, principal: bob, now: 0)
        #expect(r8.refusal == nil)
        // A WebSocket client is counted once its handshake names it.
        let r9 = admission.accepted(5, principal: nil, now: 0)
        #expect(r9.refusal == nil)
        let r10 = admission.authenticated(5, as: alice)
        #expect(r10?.kind == .tooManyForPrincipal)
        admission.finished(5)
        admission.finished(2)
        let r11 = admission.accepted(6, principal: nil, now: 0)
        #expect(r11.refusal == nil)
        let r12 = admission.authenticated(6, as: alice)
        #expect(r12 == nil)
        #expect(admission.open == [1, 4, 6])
    }

    @Test func handshakesWaitUntilTheirTimeoutAndTheOldestGivesWayWhenTheQueueIsFull() {
        var admission = ConnectionAdmission(limits: Self.limits(pending: 2, timeout: 1000))
        let r13 = admission.accepted(1, principal: nil, now: 0)
        #expect(r13 == (nil, nil))
        let r14 = admission.accepted(2, principal: nil, now: 100)
        #expect(r14 == (nil, nil))
        #expect(admission.nextDeadline == 1000)
        // A third waits; the oldest makes room.
        let r15 = admission.accepted(3, principal: nil, now: 200)
        #expect(r15 == (nil, 1))
        #expect(admission.pending.map(\.id) == [2, 3])
        #expect(admission.nextDeadline == 1100)
        let r16 = admission.expired(now: 1099)
        #expect(r16.isEmpty)
        let r17 = admission.expired(now: 1100)
        #expect(r17 == [2])
        // One that finished its handshake waits no more.
        let r18 = admission.authenticated(3, as: bob)
        #expect(r18 == nil)
        let r19 = admission.expired(now: 5000)
        #expect(r19.isEmpty && admission.nextDeadline == nil)
        #expect(admission.open == [1, 2, 3])  // closing is the gate's, once it refused them
    }
}
