import Testing

@testable import HomeKitAccessory

struct HAPModelTests {
    @Test func aShortTypeIsItsUpperCaseHexadecimalNumber() {
        #expect(HAPType(0x25).text == "25")
        #expect(HAPType(0x3E).text == "3E")
        #expect(HAPType(uuid: "e863f10a-079e-48ff-8f27-9c2605a29f52").text == "E863F10A-079E-48FF-8F27-9C2605A29F52")
    }

    @Test func permissionsAreNamedInTheOrderAccessoriesListsThem() {
        #expect(HAPPermissions([.events, .pairedRead, .pairedWrite]).names == ["pr", "pw", "ev"])
        #expect(HAPPermissions.pairedWrite.names == ["pw"])
    }
}
