import MHubCore

extension FabricIdentity {
    /// The hub's own operational node ID on its fabric, which `_matter._tcp` names (reference A.3):
    /// 112233 (0x1B669), the node ID CHIP's controllers give themselves (chip-tool's commissioner).
    ///
    /// Fixed rather than stored, so every hub state has one. Commissioned nodes are numbered from 1 and
    /// never reach it in practice; a node that did would not be advertised.
    public static let hubNodeID: UInt64 = 112_233
}

extension Hub {
    /// How many User Directed Commissioning requests the hub keeps (the newest).
    public static let udcRequestsKept = 16
    /// Copies of one request within this many milliseconds count once (reference E: 5 copies, 100 ms apart).
    public static let udcRepeatWindow: Timestamp = 2000

    /// The advertiser's new report; shown by `get_advertising` and `get_status`.
    public mutating func advertisingChanged(_ report: AdvertisingReport) -> HubOutcome {
        advertising = report
        return HubOutcome()
    }

    /// An IdentificationDeclaration arrived on the UDC port. A new request is kept and told to listeners
    /// (`udc_request_received`); a repeated copy only counts.
    public mutating func udcRequestReceived(_ request: UDCRequest, now: Timestamp) -> HubOutcome {
        var outcome = HubOutcome()
        if let index = udcRequests.lastIndex(where: { $0.isRepeated(by: request, within: Self.udcRepeatWindow) }) {
            udcRequests[index].count += 1
            udcRequests[index].lastReceivedAt = request.receivedAt
            return outcome
        }
        udcRequests.append(request)
        if udcRequests.count > Self.udcRequestsKept {
            udcRequests.removeFirst(udcRequests.count - Self.udcRequestsKept)
        }
        outcome.events.append(HubEvent("udc_request_received", request.json))
        return outcome
    }

    func getAdvertising(_ args: inout Arguments) throws(HubError) -> JSONValue {
        try args.rejectUnknown(command: "get_advertising")
        return advertising.json
    }

    /// The kept requests, newest first.
    func getUDCRequests(_ args: inout Arguments) throws(HubError) -> JSONValue {
        try args.rejectUnknown(command: "get_udc_requests")
        return .array(udcRequests.reversed().map(\.json))
    }
}
