import MHubJSON
import MHubProtocol

extension FabricIdentity {
    /// The hub's own operational node ID on its fabric, which `_matter._tcp` names (reference A.3):
    /// 112233 (0x1B669), the node ID CHIP's controllers give themselves (chip-tool's commissioner).
    ///
    /// Fixed rather than stored, so every hub state has one. Commissioned nodes are numbered from 1 and
    /// never reach it in practice; a node that did would not be advertised.
    public static let hubNodeID: UInt64 = 112_233
}

extension Hub {
    /// The advertiser's new report; shown by `get_advertising` and `get_status`.
    public mutating func advertisingChanged(_ report: AdvertisingReport) -> HubOutcome {
        run.advertising = report
        return HubOutcome()
    }

    /// An IdentificationDeclaration arrived on the UDC port. A new request is kept and told to listeners
    /// (`udc_request_received`); a repeated copy only counts.
    public mutating func udcRequestReceived(_ request: UDCRequest, now: Timestamp) -> HubOutcome {
        var outcome = HubOutcome()
        guard desk.udcRequestReceived(request) else {
            outcome.logLines.append(
                HubLogLine(
                    .debug, "UDC IdentificationDeclaration from \(request.source) repeated: \(request.logDescription)"))
            return outcome
        }
        outcome.events.append(HubEvent(.udcRequestReceived, request.info))
        outcome.logLines.append(
            HubLogLine(.notice, "UDC IdentificationDeclaration from \(request.source): \(request.logDescription)"))
        return outcome
    }

    func getAdvertising(_: GetAdvertising) -> AdvertisingReport { run.advertising }

    /// The kept requests, newest first.
    func getUDCRequests(_: GetUDCRequests) -> [UDCRequestInfo] { desk.udcRequests.reversed().map(\.info) }
}
