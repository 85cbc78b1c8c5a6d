import MatterInteraction

extension MatterTestCommissioner {
    /// A subscription on the current session: the priming reports of every chunk (each answered by the controller)
    /// and the SubscribeResponse that ends them. Later reports come on the hub's own exchanges:
    /// `MatterTestController.receiveSubscribed` answers each.
    public mutating func subscribe(
        _ request: SubscribeRequestMessage, over transport: inout some MatterTestTransport
    ) throws -> (priming: [AttributeReportIB], response: SubscribeResponseMessage) {
        let events = try transport.converse(controller.subscribe(request), controller: &controller)
        var priming: [AttributeReportIB] = []
        for event in events {
            switch event {
            case .report(let report): priming += report.attributeReports ?? []
            case .subscribeResponse(let response): return (priming, response)
            case .statusResponse(let response): throw Failure("the subscription was refused with \(response.status)")
            case .established, .caseEstablished, .statusReport, .invokeResponse, .hubRequest, .writeResponse:
                continue
            }
        }
        throw Failure("no SubscribeResponse: \(events)")
    }
}
