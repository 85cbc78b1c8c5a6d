import MHubJSON
import MatterDataModel
import MatterInteraction
import Testing

@testable import MHubHub

/// The air monitor's concentration readings are the specification's `single`: a reading set to any number is kept at
/// single precision, so it goes out over Matter as the single-precision TLV float CHIP's cluster objects decode.
@Suite struct AirQualityTests {
    @Test func aReadingIsKeptAtSinglePrecisionAndGoesOutAsASingle() throws {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        let monitor = DeviceInteractionTests.node("air-quality-sensor")
        _ = harness.ok(
            "set_attribute", ["node_id": .integer(monitor), "attribute_path": "1/1070/0", "value": .double(21.3)])
        let kept = DeviceInteractionTests().value(harness, monitor, "1/1070/0")
        #expect(kept == .float(Double(Float(21.3))))
        guard case .float? = kept?.tlvValue else {
            Issue.record("21.3 goes out as \(String(describing: kept?.tlvValue))")
            return
        }
        // A whole number is a single too.
        _ = harness.ok(
            "set_attribute", ["node_id": .integer(monitor), "attribute_path": "1/1066/0", "value": 35])
        #expect(DeviceInteractionTests().value(harness, monitor, "1/1066/0") == .float(35))
    }
}
