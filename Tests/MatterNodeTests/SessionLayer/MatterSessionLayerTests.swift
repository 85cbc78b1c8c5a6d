import MHubTestSupport
import MatterMessage
import Testing

@testable import MatterNode

/// The session layer without a node around it: its table of unsecured initiators stays at its size without losing
/// one that has an exchange, an exchange without a message for its idle timeout goes, and one whose MRP gives up says
/// so to the node (which fails its request) and goes.
@Suite struct MatterSessionLayerTests {
    static func layer() -> MatterSessionLayer {
        var random = SeededGenerator(seed: 12)
        return MatterSessionLayer(paseTimeoutMilliseconds: 60_000, limits: MatterSessionLimits(), using: &random)
    }

    static func initiator(_ number: Int) -> MatterUnsecuredPeer {
        MatterUnsecuredPeer(peer: MatterNodeHarness.udp(40_000 + number), ephemeralNodeID: UInt64(number))
    }

    static func at(_ milliseconds: UInt64) -> MonotonicInstant {
        MonotonicInstant(milliseconds: milliseconds)
    }

    @Test func aFullPeerTableLetsGoOfTheLeastRecentlyActivePeerWithoutAnExchange() throws {
        var layer = Self.layer()
        for number in 0..<MatterSessionLayer.maximumUnsecuredPeers {
            _ = layer.unsecuredPeerState(Self.initiator(number), now: Self.at(1_000 + UInt64(number)))
        }
        let busy = Self.initiator(0)
        layer.openExchange(
            MatterExchange.Key(session: .unsecured(busy), exchangeID: 1), peer: busy.peer, configuration: .default,
            now: Self.at(5_000))
        let evicted = try #require(layer.unsecuredPeers[Self.initiator(1)]?.handle)

        let newcomer = layer.unsecuredPeerState(Self.initiator(999), now: Self.at(6_000))
        #expect(layer.unsecuredPeers.count == MatterSessionLayer.maximumUnsecuredPeers)
        #expect(layer.unsecuredPeers[busy] != nil)
        #expect(layer.unsecuredPeers[Self.initiator(1)] == nil)
        #expect(layer.peersByHandle[evicted] == nil)
        #expect(layer.peersByHandle[newcomer.handle] == Self.initiator(999))
        #expect(layer.peersByHandle.count == MatterSessionLayer.maximumUnsecuredPeers)
    }

    @Test func anExchangeWithoutAMessageForItsIdleTimeoutGoes() {
        var layer = Self.layer()
        let initiator = Self.initiator(1)
        let key = MatterExchange.Key(session: .unsecured(initiator), exchangeID: 7)
        layer.openExchange(key, peer: initiator.peer, configuration: .default, now: Self.at(1_000))
        let idle = 1_000 + MatterSessionLayer.exchangeIdleMilliseconds
        #expect(layer.deadlines.compactMap { $0 }.min() == Self.at(idle))
        #expect(layer.dropFinishedExchanges(now: Self.at(idle - 1)) == [key])
        #expect(layer.exchanges[key] != nil)
        #expect(layer.dropFinishedExchanges(now: Self.at(idle)).isEmpty)
        #expect(layer.exchanges.isEmpty)
        #expect(layer.deadlines.compactMap { $0 }.isEmpty)
    }

    @Test func anExchangeThatGivesUpSaysSoAndGoesWithNothingAfterIt() {
        var layer = Self.layer()
        let initiator = Self.initiator(2)
        let key = MatterExchange.Key(session: .unsecured(initiator), exchangeID: 9)
        layer.openExchange(key, peer: initiator.peer, configuration: .default, now: Self.at(1_000))
        let going = layer.apply([.delivered(messageCounter: 1)], on: key)
        #expect(going.actions.isEmpty && !going.deliveryFailed)
        #expect(layer.exchanges[key] != nil)

        let failed = layer.apply(
            [.deliveryFailed(messageCounter: 1), .sendStandaloneAck(acknowledging: 5)], on: key)
        #expect(failed.deliveryFailed)
        #expect(failed.actions == [.log(.deliveryFailed(initiator.peer, exchangeID: 9))])
        #expect(layer.exchanges[key] == nil)
        // An exchange that is gone has nothing to close.
        let closed = layer.finish(key)
        #expect(closed.actions.isEmpty && !closed.deliveryFailed)
    }
}
