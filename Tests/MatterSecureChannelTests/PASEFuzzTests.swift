import MHubTestSupport
import MatterCrypto
import MatterMessage
import Testing

@testable import MatterSecureChannel

/// Seeded random and mutated messages into `PASEResponder`: no crash, no hang, no stuck state.
@Suite struct PASEFuzzTests {
    static let iterations = 3000

    @Test func randomAndMutatedMessages() throws {
        var responder = try PASEResponderTests.makeResponder()
        var random = SeededGenerator(seed: 0xBAD5EED)
        var initiator = TestInitiator(passcode: PASEResponderTests.passcode, exchangeID: 1, seed: 99)
        // Valid payloads of every kind, to mutate.
        let request = initiator.pbkdfParamRequest()
        var scratch = try PASEResponderTests.makeResponder()
        let start = scratch.messageReceived(
            opcode: 0x20, payload: request, exchange: initiator.exchange, now: PASEResponderTests.at(0), using: &random)
        guard case .send(_, let response, _) = start[0] else {
            Issue.record("the handshake did not go on as expected")
            return
        }
        let pake1 = try initiator.pake1(after: response)
        let seeds: [(UInt8, [UInt8])] = [
            (0x20, request), (0x22, pake1), (0x24, Pake3(cA: [UInt8](repeating: 1, count: 32)).encoded()),
            (0x40, StatusReport.busy(minimumWaitMilliseconds: 1).encoded()),
        ]
        let exchanges = [initiator.exchange, PASEExchange(peer: 2, exchangeID: 2)]
        var now: UInt64 = 0
        for _ in 0..<Self.iterations {
            var (opcode, payload) = seeds.randomElement(using: &random)!
            switch Int.random(in: 0..<4, using: &random) {
            case 0: payload = random.bytes(count: Int.random(in: 0...80, using: &random))
            case 1 where !payload.isEmpty:
                payload[Int.random(in: payload.indices, using: &random)] ^=
                    0x01 << UInt8.random(in: 0...7, using: &random)
            case 2 where !payload.isEmpty: payload.removeLast(Int.random(in: 1...payload.count, using: &random))
            case 3: opcode = UInt8.random(in: 0...0xFF, using: &random)
            default: break
            }
            now += UInt64.random(in: 0...3000, using: &random)
            let exchange = exchanges.randomElement(using: &random)!
            let actions = responder.messageReceived(
                opcode: opcode, payload: payload, exchange: exchange, now: PASEResponderTests.at(now), using: &random)
            for action in actions {
                if case .send(.statusReport, let report, _) = action {
                    #expect((try? StatusReport.decode(report)) != nil)
                }
            }
            #expect(responder.isHandshakeInProgress == (responder.nextDeadline != nil))
        }
        // Whatever state the noise left, time clears it and a real handshake succeeds.
        _ = responder.timerFired(now: PASEResponderTests.at(now + 60_000))
        #expect(!responder.isHandshakeInProgress)
        var real = TestInitiator(passcode: PASEResponderTests.passcode, exchangeID: 3, seed: 100)
        let end = try PASEResponderTests.handshake(
            &responder, &real, now: PASEResponderTests.at(now + 60_001), random: &random)
        #expect(end.contains { if case .established = $0 { true } else { false } })
    }
}
