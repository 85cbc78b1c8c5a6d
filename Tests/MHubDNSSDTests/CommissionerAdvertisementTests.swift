import Testing

@testable import MHubDNSSD

/// `_matterd._udp` against reference A.2.
@Suite struct CommissionerAdvertisementTests {
    @Test func commissionerHasProductKeysAndOnlyVendorAndTypeSubtypes() throws {
        let service = try CommissionerAdvertisement(
            instanceIdentifier: 0xFEDC_BA98_7654_3210, vendorID: 65521, productID: 32768, deviceType: 35,
            deviceName: "mhub", commissionerPasscode: true
        ).service()
        #expect(service.type == "_matterd._udp")
        #expect(service.instanceName == "FEDCBA9876543210")
        #expect(service.port == 5550)
        #expect(service.subtypes == ["_V65521", "_T35"])
        #expect(service.txt.map(\.description) == ["VP=65521+32768", "DT=35", "DN=mhub", "CP=1"])
    }

    @Test func commissionerWithoutProductDataHasNoRecordsBeyondTheService() throws {
        let service = try CommissionerAdvertisement(instanceIdentifier: 1).service()
        #expect(service.txt.isEmpty)
        #expect(service.subtypes.isEmpty)
        for key in ["D", "CM", "RI", "PH", "PI", "CP"] {
            #expect(service.txtValue(key) == nil)
        }
    }

    @Test func commonKeysComeBeforeCP() throws {
        let service = try CommissionerAdvertisement(
            instanceIdentifier: 1, vendorID: 1,
            common: MatterCommonTXT(tcp: [.client]), commissionerPasscode: true
        ).service()
        #expect(service.txt.map(\.description) == ["VP=1", "T=2", "CP=1"])
    }
}
