import MHubTestSupport
import Testing

@testable import MatterMessage

/// StatusReport codec (Matter reference C.4).
@Suite struct StatusReportTests {
    @Test func busyReportMatchesCHIP() throws {
        let expected = try VectorFile.load("message-vectors", in: .module).block("busy-status-report").hex("bytes")
        let busy = StatusReport.busy(minimumWaitMilliseconds: 5000)
        #expect(busy.encoded() == expected)
        let decoded = try StatusReport.decode(expected)
        #expect(decoded == busy)
        #expect(decoded.generalCode == .busy)
        #expect(decoded.secureChannelCode == .busy)
        #expect(decoded.minimumWaitMilliseconds == 5000)
    }

    @Test func successAndFailure() throws {
        #expect(hexString(StatusReport.sessionEstablishmentSuccess.encoded()) == "0000000000000000")
        let failure = StatusReport(generalCode: .failure, secureChannelCode: .invalidParameter)
        #expect(hexString(failure.encoded()) == "0100000000000200")
        #expect(failure.description == "StatusReport(FAILURE, protocol 0x0000:0x0000, INVALID_PARAMETER)")
    }

    @Test func otherProtocolsAndUnknownCodesDecode() throws {
        let report = try StatusReport.decode(bytes(fromHex: "2a00" + "0100f1ff" + "3412" + "beef"))
        #expect(report.generalCode.rawValue == 42)
        #expect(report.protocolID == ProtocolID(vendorID: 0xFFF1, protocolNumber: 1))
        #expect(report.protocolCode == 0x1234)
        #expect(report.secureChannelCode == nil)
        #expect(report.protocolData == [0xBE, 0xEF])
        #expect(report.description.contains("general status 42"))
    }

    @Test func shortInputIsAnError() {
        for length in 0..<8 {
            #expect(throws: MessageDecodingError.statusReportTooShort(length)) {
                try StatusReport.decode([UInt8](repeating: 0, count: length))
            }
        }
    }
}
