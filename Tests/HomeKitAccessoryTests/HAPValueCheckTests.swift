import MHubJSON
import Testing

@testable import HomeKitAccessory

struct HAPValueCheckTests {
    private func characteristic(
        _ format: HAPFormat, minValue: Double? = nil, maxValue: Double? = nil, minStep: Double? = nil,
        maxLength: Int? = nil, validValues: [Int64]? = nil
    ) -> HAPCharacteristic {
        HAPCharacteristic(
            iid: 9, type: HAPType(0x25), format: format, permissions: [.pairedRead, .pairedWrite], minValue: minValue,
            maxValue: maxValue, minStep: minStep, maxLength: maxLength, validValues: validValues)
    }

    @Test func boolTakesTrueFalseAndZeroOne() {
        let on = characteristic(.bool)
        #expect(on.accepting(true) == .success(.bool(true)))
        #expect(on.accepting(false) == .success(.bool(false)))
        #expect(on.accepting(1) == .success(.bool(true)))
        #expect(on.accepting(0) == .success(.bool(false)))
        for refused: JSONValue in [2, -1, 1.0, "true", nil, [true]] {
            #expect(on.accepting(refused) == .failure(.invalidValue), "\(refused)")
        }
    }

    @Test func integersMustBeWholeAndInTheFormatsRange() {
        let level = characteristic(.uint8)
        #expect(level.accepting(0) == .success(.int(0)))
        #expect(level.accepting(255) == .success(.int(255)))
        #expect(level.accepting(40.0) == .success(.int(40)))
        for refused: JSONValue in [256, -1, 40.5, "40", true, nil] {
            #expect(level.accepting(refused) == .failure(.invalidValue), "\(refused)")
        }
        let int = characteristic(.int)
        #expect(int.accepting(-2_147_483_648) == .success(.int(-2_147_483_648)))
        #expect(int.accepting(2_147_483_648) == .failure(.invalidValue))
        #expect(characteristic(.uint16).accepting(65536) == .failure(.invalidValue))
        #expect(characteristic(.uint32).accepting(4_294_967_295) == .success(.int(4_294_967_295)))
        #expect(characteristic(.uint64).accepting(.integer(.max)) == .success(.int(.max)))
        #expect(characteristic(.uint64).accepting(-1) == .failure(.invalidValue))
    }

    @Test func integersKeepToMinMaxAndValidValues() {
        let brightness = characteristic(.int, minValue: 0, maxValue: 100, minStep: 1)
        #expect(brightness.accepting(100) == .success(.int(100)))
        #expect(brightness.accepting(101) == .failure(.invalidValue))
        #expect(brightness.accepting(-1) == .failure(.invalidValue))
        let target = characteristic(.uint8, minValue: 0, maxValue: 3, validValues: [0, 1, 3])
        #expect(target.accepting(3) == .success(.int(3)))
        #expect(target.accepting(2) == .failure(.invalidValue))
    }

    @Test func floatsTakeIntegersAndKeepToTheirLimits() {
        let humidity = characteristic(.float, minValue: 0, maxValue: 100)
        #expect(humidity.accepting(50) == .success(.float(50)))
        #expect(humidity.accepting(12.34) == .success(.float(12.34)))
        #expect(humidity.accepting(100.0001) == .failure(.invalidValue))
        #expect(humidity.accepting(-0.5) == .failure(.invalidValue))
        #expect(humidity.accepting("5") == .failure(.invalidValue))
        #expect(characteristic(.float).accepting(-1e300) == .success(.float(-1e300)))
    }

    @Test func floatsAreRoundedToTheStepFromTheMinimumAndWrittenCleanly() {
        let temperature = characteristic(.float, minValue: -273.1, maxValue: 1000, minStep: 0.1)
        // -273.1 + 2955 × 0.1 is 22.400000000000034 in doubles; the check gives the double nearest 22.4.
        #expect(temperature.accepting(22.43) == .success(.float(22.4)))
        #expect(temperature.accepting(22.46) == .success(.float(22.5)))
        #expect(temperature.accepting(22) == .success(.float(22)))
        #expect(temperature.accepting(-273.1) == .success(.float(-273.1)))
        let target = characteristic(.float, minValue: 10, maxValue: 38, minStep: 0.5)
        #expect(target.accepting(21.3) == .success(.float(21.5)))
        #expect(target.accepting(21.2) == .success(.float(21)))
        // A maximum off the grid: rounding up would pass it, so the value stays at the maximum.
        let odd = characteristic(.float, minValue: 0, maxValue: 0.8, minStep: 0.5)
        #expect(odd.accepting(0.76) == .success(.float(0.8)))
        // A tiny step keeps a tiny value exactly (the Float path gave 9.999999747e-05).
        let fine = characteristic(.float, minValue: 0, maxValue: 1, minStep: 0.0001)
        #expect(fine.accepting(0.0001) == .success(.float(0.0001)))
        #expect(fine.accepting(0.00012) == .success(.float(0.0001)))
    }

    @Test func decimalPlacesReadTheShortestText() {
        #expect(HAPCharacteristic.decimalPlaces(0.1) == 1)
        #expect(HAPCharacteristic.decimalPlaces(-273.1) == 1)
        #expect(HAPCharacteristic.decimalPlaces(1e-05) == 5)
        #expect(HAPCharacteristic.decimalPlaces(20) == 0)
        #expect(HAPCharacteristic.decimalPlaces(0.25) == 2)
        #expect(HAPCharacteristic.decimalPlaces(1e20) == 0)
    }

    @Test func stringsAreUpToMaxLengthBytes() {
        let name = characteristic(.string)
        #expect(
            name.accepting(.string(String(repeating: "a", count: 64)))
                == .success(.string(String(repeating: "a", count: 64))))
        #expect(name.accepting(.string(String(repeating: "a", count: 65))) == .failure(.invalidValue))
        #expect(name.accepting(7) == .failure(.invalidValue))
        let short = characteristic(.string, maxLength: 4)
        #expect(short.accepting("ab") == .success(.string("ab")))
        // "é" is two UTF-8 bytes: three of them are six.
        #expect(short.accepting("ééé") == .failure(.invalidValue))
    }

    @Test func dataAndTLV8AreBase64() {
        let data = characteristic(.data)
        #expect(data.accepting("AQID") == .success(.data([1, 2, 3])))
        #expect(data.accepting("AQI") == .failure(.invalidValue))
        #expect(data.accepting("AQ ID") == .failure(.invalidValue))
        #expect(data.accepting(1) == .failure(.invalidValue))
        let tlv = characteristic(.tlv8)
        #expect(tlv.accepting(.string(Base64.encode([0x01, 0x01, 0x05]))) == .success(.data([0x01, 0x01, 0x05])))
        #expect(tlv.accepting(.string(Base64.encode([0x01, 0x05, 0x05]))) == .failure(.invalidValue))
    }
}
