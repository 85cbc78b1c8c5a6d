import MHubTestSupport
import MatterCrypto
import MatterMessage
import MatterTestSupport
import Testing

@testable import MatterSecureChannel

/// Seeded random and mutated messages into `CASEResponder`: no crash, no stuck or unbounded state, every answer
/// a StatusReport that decodes or a Sigma message.
@Suite struct CASEFuzzTests {
    typealias World = CASETestWorld
    static let iterations = 1500

    @Test func randomAndMutatedMessages() throws {
        var responder = World.makeResponder(maximumConcurrentHandshakes: 3)
        var random = SeededGenerator(seed: 0xCA5E_F0CC)
        // Valid payloads of every kind, to mutate: a Sigma1, a Sigma3 of a finished handshake, a resumption
        // Sigma1 for a record the store holds, and StatusReports.
        var scratch = World.makeResponder()
        var initiator = World.initiator(seed: 1)
        let sigma1 = try initiator.sigma1()
        let scratchExchange = CASEExchange(peer: 1, exchangeID: 1)
        let sigma3 = try initiator.sigma3(
            after: World.sent(
                .sigma2,
                in: scratch.messageReceived(
                    opcode: 0x30, payload: sigma1, exchange: scratchExchange, now: World.at(0),
                    resumptions: CASEResumptionStore(), using: &random)))
        let end = scratch.messageReceived(
            opcode: 0x32, payload: sigma3, exchange: scratchExchange, now: World.at(0),
            resumptions: CASEResumptionStore(), using: &random)
        var store = CASEResumptionStore()
        store.save(try #require(World.record(in: end)))
        let resumeSigma1 = try initiator.sigma1(
            resuming: initiator.statusReportReceived(World.successReport).resumption)
        let seeds: [(UInt8, [UInt8])] = [
            (0x30, sigma1), (0x30, resumeSigma1), (0x32, sigma3), (0x40, World.successReport),
            (0x40, World.failureReport),
        ]
        let exchanges = (0..<5).map { CASEExchange(peer: 0x77, exchangeID: UInt16($0)) }
        var now: UInt64 = 0
        var answers: [SecureChannelOpcode: Int] = [:]
        for _ in 0..<Self.iterations {
            var (opcode, payload) = seeds.randomElement(using: &random)!
            switch Int.random(in: 0..<5, using: &random) {
            case 0: payload = random.bytes(count: Int.random(in: 0...200, using: &random))
            case 1 where !payload.isEmpty:
                payload[Int.random(in: payload.indices, using: &random)] ^=
                    0x01 << UInt8.random(in: 0...7, using: &random)
            case 2 where !payload.isEmpty: payload.removeLast(Int.random(in: 1...payload.count, using: &random))
            case 3: opcode = UInt8.random(in: 0x2F...0x41, using: &random)
            default: break
            }
            now += UInt64.random(in: 0...4000, using: &random)
            let actions = responder.messageReceived(
                opcode: opcode, payload: payload, exchange: exchanges.randomElement(using: &random)!,
                now: World.at(now), resumptions: store, using: &random)
            for action in actions {
                guard case .send(let sent, let bytes, _) = action else { continue }
                answers[sent, default: 0] += 1
                if sent == .statusReport {
                    #expect((try? StatusReport.decode(bytes)) != nil)
                } else {
                    #expect([.sigma2, .sigma2Resume].contains(sent))
                }
            }
            #expect(responder.handshakesInProgress <= 3)
            #expect((responder.handshakesInProgress == 0) == (responder.nextDeadline == nil))
        }
        // The noise reached every answer: Sigma2, Sigma2_Resume and StatusReports.
        #expect(answers[.sigma2, default: 0] > 20, "\(answers)")
        #expect(answers[.sigma2Resume, default: 0] > 20, "\(answers)")
        #expect(answers[.statusReport, default: 0] > 100, "\(answers)")
        // Whatever the noise left, time clears it and a real handshake succeeds.
        _ = responder.timerFired(now: World.at(now + 30_000))
        #expect(responder.handshakesInProgress == 0)
        var real = World.initiator(seed: 2)
        let actions = try World.handshake(
            &responder, &real, exchange: CASEExchange(peer: 0x78, exchangeID: 1), now: World.at(now + 30_001),
            random: &random)
        #expect(World.session(in: actions) != nil)
    }
}
