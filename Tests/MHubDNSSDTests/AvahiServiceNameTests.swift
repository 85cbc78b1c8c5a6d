import Testing

@testable import MHubDNSSD

/// `avahi_alternative_service_name`'s behaviour (avahi-common/alternative.c), case by case.
@Suite struct AvahiServiceNameTests {
    @Test func counterIsAppendedThenIncremented() {
        #expect(AvahiServiceName.alternative(to: "Name") == "Name #2")
        #expect(AvahiServiceName.alternative(to: "Name #2") == "Name #3")
        #expect(AvahiServiceName.alternative(to: "Name #9") == "Name #10")
        #expect(AvahiServiceName.alternative(to: "87E1B004E235A130") == "87E1B004E235A130 #2")
    }

    @Test func onlyADigitCounterAfterTheLastMarkCounts() {
        #expect(AvahiServiceName.alternative(to: "A #2 #5") == "A #2 #6")
        #expect(AvahiServiceName.alternative(to: "A #5 #x") == "A #5 #x #2")
        #expect(AvahiServiceName.alternative(to: "Name #0") == "Name #0 #2")
        #expect(AvahiServiceName.alternative(to: "Name #02") == "Name #02 #2")
        #expect(AvahiServiceName.alternative(to: "Name #") == "Name # #2")
        #expect(AvahiServiceName.alternative(to: "Name#2") == "Name#2 #2")
        #expect(AvahiServiceName.alternative(to: "BR #1A2B") == "BR #1A2B #2")
        #expect(AvahiServiceName.alternative(to: "BR #1234") == "BR #1235")
    }

    @Test func counterWrapsLikeAtoi() {
        #expect(AvahiServiceName.alternative(to: "N #2147483646") == "N #2147483647")
        #expect(AvahiServiceName.alternative(to: "N #2147483647") == "N #1")
        #expect(AvahiServiceName.alternative(to: "N #4294967295") == "N #0")  // (int) 0xFFFFFFFF = -1
        #expect(AvahiServiceName.alternative(to: "N #99999999999999999999") == "N #0")  // LONG_MAX → -1
    }

    @Test func longNamesAreCutToStayWithin63Bytes() {
        let sixtyThree = String(repeating: "a", count: 63)
        #expect(AvahiServiceName.alternative(to: sixtyThree) == String(repeating: "a", count: 60) + " #2")
        let withCounter = String(repeating: "b", count: 59) + " #99"
        #expect(withCounter.utf8.count == 63)
        #expect(AvahiServiceName.alternative(to: withCounter) == String(repeating: "b", count: 58) + " #100")
    }

    @Test func cutDropsASplitUTF8Sequence() {
        let name = String(repeating: "a", count: 59) + "éé"  // 63 bytes; byte 60 is the first of an é
        #expect(AvahiServiceName.alternative(to: name) == String(repeating: "a", count: 59) + " #2")
    }

    @Test func invalidNamesHaveNoAlternative() {
        #expect(AvahiServiceName.alternative(to: "") == nil)
        #expect(AvahiServiceName.alternative(to: String(repeating: "a", count: 64)) == nil)
    }
}
