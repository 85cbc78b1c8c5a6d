import MatterInteraction
import MatterMessage

extension MatterTestController {
    /// What one message from the hub meant to a live subscription: the report it carried, if any, and what the
    /// controller sends back now.
    public struct SubscriptionStep: Sendable {
        public var report: ReportDataMessage?
        public var outgoing: [[UInt8]] = []
    }

    /// One message from the hub while a subscription is live. A ReportData on an exchange the hub opened is answered
    /// as a subscriber must: StatusResponse SUCCESS with the report's acknowledgement piggybacked, unless the report
    /// says SuppressResponse, then a standalone acknowledgement (CHIP `src/app/ReadClient.cpp` `ProcessReportData`:
    /// `StatusResponse::Send` for every report without SuppressResponse). Anything else (the hub's acknowledgement
    /// of the last answer, say) is received as `receive` does.
    public mutating func receiveSubscribed(_ bytes: [UInt8]) throws -> SubscriptionStep {
        let step = try receive(bytes)
        guard case .hubRequest(InteractionModelOpcode.reportData.rawValue, let payload, let exchange)? = step.event
        else { return SubscriptionStep(report: nil, outgoing: step.outgoing) }
        let report = try ReportDataMessage(payload: payload)
        let answer =
            report.suppressResponse == true
            ? try acknowledge(hubExchange: exchange)
            : try respond(
                toHubExchange: exchange, opcode: InteractionModelOpcode.statusResponse.rawValue,
                payload: StatusResponseMessage(status: .success).encoded())
        return SubscriptionStep(report: report, outgoing: step.outgoing + [answer])
    }
}
