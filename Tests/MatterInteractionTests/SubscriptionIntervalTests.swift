import MatterInteraction
import MatterMessage
import Testing

/// The MaxInterval a subscription gets, and that a report is due by then: the rule the node and the fuzz target share
/// (a ceiling of 0 once made the target expect a report after 1 ms from a subscription that waits a second:
/// `fuzz/corpus/subscribe-request/regression-ceiling-zero`).
@Suite struct SubscriptionIntervalTests {
    func request(floor: UInt16, ceiling: UInt16) -> SubscribeRequestMessage {
        SubscribeRequestMessage(
            minIntervalFloorSeconds: floor, maxIntervalCeilingSeconds: ceiling,
            attributeRequests: [AttributePathIB(endpoint: 1, cluster: 6, attribute: 0)])
    }

    @Test(arguments: [(0, 0, 1), (0, 60, 60), (5, 3, 5), (0, 1, 1), (30, 65535, 65535)] as [(UInt16, UInt16, UInt16)])
    func theCeilingButNeverBelowTheFloorNorASecond(floor: UInt16, ceiling: UInt16, granted: UInt16) {
        #expect(Subscription.maxIntervalSeconds(granting: request(floor: floor, ceiling: ceiling)) == granted)
    }

    @Test(arguments: [(0, 0), (0, 60), (5, 3)] as [(UInt16, UInt16)])
    func aKeepAliveIsDueJustAfterTheGrantedInterval(floor: UInt16, ceiling: UInt16) {
        let asked = request(floor: floor, ceiling: ceiling)
        let granted = Subscription.maxIntervalSeconds(granting: asked)
        var subscription = Subscription(
            id: 1, request: asked, maxIntervalSeconds: granted, establishedAt: .origin, nextEvent: 1)
        let justBefore = MonotonicInstant(milliseconds: UInt64(granted) * 1000 - 1)
        #expect(subscription.startReport(now: justBefore) == nil)
        #expect(subscription.startReport(now: MonotonicInstant(milliseconds: UInt64(granted) * 1000)) != nil)
    }
}
