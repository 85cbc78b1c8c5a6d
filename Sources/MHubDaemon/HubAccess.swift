import MHubHub

extension HubService: HubAccess {
    var bridgeView: HubBridgeView { current.bridgeView }
    var window: CommissioningWindow? { current.desk.window }
}
