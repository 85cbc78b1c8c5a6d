import MHubTestSupport
import MatterInteraction
import MatterMessage
import MatterTestSupport
import Testing

@testable import MatterNode

/// Seeded random and mutated messages, unsecured and secure, into the session table: no crash, nothing grows
/// without bound, and a real handshake and read still work afterwards.
@Suite struct MatterNodeFuzzTests {
    static let iterations = 4000

    @Test func randomAndMutatedMessagesLeaveTheNodeWorking() throws {
        var harness = try MatterNodeHarness()
        var random = SeededGenerator(seed: 0xF022)
        // Valid messages of every kind to mutate: a whole handshake, a read, and the hub's own answers.
        var seeds: [[UInt8]] = []
        var controller = MatterTestController(passcode: MatterNodeHarness.passcode, seed: 12)
        var queue = [controller.pbkdfParamRequest()]
        while !queue.isEmpty {
            let message = queue.removeFirst()
            seeds.append(message)
            for answer in harness.deliver(message, from: MatterNodeHarness.udp(1)) {
                seeds.append(answer)
                queue += try controller.receive(answer).outgoing
            }
        }
        seeds.append(try controller.readRequest([AttributePathIB(endpoint: 0, cluster: 0x28)]))
        seeds.append(try controller.closeSession())
        #expect(seeds.count > 6)

        for iteration in 0..<Self.iterations {
            var bytes = seeds.randomElement(using: &random)!
            switch Int.random(in: 0..<5, using: &random) {
            case 0: bytes = random.bytes(count: Int.random(in: 0...200, using: &random))
            case 1:
                for _ in 0...Int.random(in: 0...3, using: &random) {
                    bytes[Int.random(in: bytes.indices, using: &random)] ^= 1 << UInt8.random(in: 0...7, using: &random)
                }
            case 2: bytes.removeLast(Int.random(in: 1...bytes.count, using: &random))
            case 3: bytes += random.bytes(count: Int.random(in: 1...2000, using: &random))
            default: break  // replayed as it is: a duplicate
            }
            let peer = MatterNodeHarness.udp(Int.random(in: 1...300, using: &random))
            harness.now += UInt64.random(in: 0...500, using: &random)
            // An unverified peer (the unsecured session) gets at most one datagram per datagram, no larger unless
            // PASE goes on.
            let answers = harness.deliver(bytes, from: peer)
            if (try? MessageHeader.decode(bytes).header.isEncrypted) != true {
                #expect(answers.count <= 1)
                #expect(answers.allSatisfy { $0.count <= bytes.count || MatterNode.continuesHandshake($0) })
            }
            if iteration % 50 == 0 { _ = harness.advance(to: harness.now, peer: peer) }
            #expect(harness.table.sessionLayer.exchanges.count <= MatterSessionLayer.maximumExchanges)
            #expect(harness.table.sessionLayer.unsecuredPeers.count <= MatterSessionLayer.maximumUnsecuredPeers + 1)
        }
        // Time clears whatever the noise left; then a real controller gets in and reads.
        _ = harness.advance(to: harness.now + 120_000, peer: MatterNodeHarness.udp(1))
        #expect(harness.table.paseSession == nil)
        // The noise's failed handshakes may have used up the window's attempts; the hub then opens a new one.
        #expect(harness.exhaustedReports <= 1)
        if harness.table.sessionLayer.paseResponder == nil { try harness.openWindow() }
        var real = MatterTestController(passcode: MatterNodeHarness.passcode, seed: 13)
        let peer = MatterNodeHarness.udp(2)
        #expect(try harness.pase(&real, peer: peer) == [.established])
        let read = try real.readRequest([AttributePathIB(endpoint: 0, cluster: 0x28, attribute: 5)])
        #expect(try harness.converse(read, controller: &real, peer: peer).count == 1)
    }
}
