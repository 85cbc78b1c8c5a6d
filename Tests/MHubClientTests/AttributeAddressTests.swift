import Testing

@testable import MHubClient

@Suite struct AttributeAddressTests {
    @Test func namesAndNumbersResolveToTheProtocolsPath() throws {
        #expect(try AttributeAddress(endpoint: 1, cluster: "OnOff", attribute: "onOff").description == "1/6/0")
        #expect(
            try AttributeAddress(endpoint: 2, cluster: "levelcontrol", attribute: "CurrentLevel").description == "2/8/0"
        )
        #expect(try AttributeAddress(endpoint: 1, cluster: "6", attribute: "16385").description == "1/6/16385")
        #expect(try AttributeAddress.clusterID("Thermostat") == 0x0201)
    }

    @Test func unknownNamesAreRefusedBeforeAnythingIsSent() {
        #expect(throws: MHubClientError.invalidArgument("no cluster named Toaster")) {
            try AttributeAddress(endpoint: 1, cluster: "Toaster", attribute: "onOff")
        }
        #expect(throws: MHubClientError.invalidArgument("cluster OnOff has no attribute brightness")) {
            try AttributeAddress(endpoint: 1, cluster: "OnOff", attribute: "brightness")
        }
    }
}
