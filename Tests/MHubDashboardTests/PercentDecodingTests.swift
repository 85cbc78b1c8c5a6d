import Testing

@testable import MHubDashboard

@Suite struct PercentDecodingTests {
    @Test func decodesEscapesAndLeavesPlusAlone() {
        #expect(PercentDecoding.decode("MT%3A-24J0%2a") == "MT:-24J0*")
        #expect(PercentDecoding.decode("a+b") == "a+b")
        #expect(PercentDecoding.decode("%C3%A9") == "é")
    }

    @Test func refusesBrokenEscapesAndBytesThatAreNotUTF8() {
        #expect(PercentDecoding.decode("%") == nil)
        #expect(PercentDecoding.decode("%4") == nil)
        #expect(PercentDecoding.decode("%zz") == nil)
        #expect(PercentDecoding.decode("%FF") == nil)
    }
}
