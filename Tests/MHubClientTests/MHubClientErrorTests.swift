import MHubConfiguration
import MHubProtocol
import Testing

@testable import MHubClient

@Suite struct MHubClientErrorTests {
    @Test func eachPrepareFailureIsItsOwnCase() {
        let busy = ErrorReply(
            code: 202, name: "SessionBusy", details: "held",
            data: [
                "session_id": "s1-ab", "holder": "ws app", "app_group": "group.com.example.app",
                "deadline": "2027-01-15T08:05:00.000Z", "deadline_ms": 1_800_000_300_000,
            ])
        let replies = [
            ErrorReply(code: 200, name: "PermissionDenied", details: "no"),
            ErrorReply(code: 201, name: "HubOffline", details: "off"),
            busy,
        ]
        var seen: [String] = []
        for reply in replies {
            switch MHubClientError(reply) {
            case .permissionDenied(let details): seen.append("permission \(details)")
            case .hubOffline(let details): seen.append("offline \(details)")
            case .sessionBusy(let holder):
                seen.append("busy \(holder.holder) \(holder.appGroup ?? "-") \(holder.deadlineMilliseconds)")
            case .noSession, .sessionNotOwned, .deviceStatus, .hub, .unknownHubError, .connection, .timeout,
                .protocolViolation, .invalidArgument:
                seen.append("other")
            }
        }
        #expect(seen == ["permission no", "offline off", "busy ws app group.com.example.app 1800000300000"])
    }

    @Test func otherCodesKeepTheirCodeAndUnknownOnesTheirNumber() {
        let notFound = MHubClientError(ErrorReply(code: 213, name: "StructureNotFound", details: "no structure 9"))
        #expect(notFound == .hub(.structureNotFound, "no structure 9"))
        #expect(notFound.code == 213)
        #expect(notFound.name == "StructureNotFound")
        #expect(notFound.kind == .hub)
        #expect(notFound.description == "StructureNotFound (213): no structure 9")
        let future = MHubClientError(ErrorReply(code: 299, name: "FutureThing", details: "x"))
        #expect(future == .unknownHubError(code: 299, name: "FutureThing", details: "x"))
        #expect(future.name == "FutureThing")
        #expect(MHubClientError(ErrorReply(code: 7, name: "SDKStackError", details: "FAILURE (0x1)")).code == 7)
        #expect(MHubClientError.timeout("late").code == nil)
        #expect(MHubClientError.connection("gone").kind == .connection)
    }
}
