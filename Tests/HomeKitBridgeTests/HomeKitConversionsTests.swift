import Testing

@testable import HomeKitBridge

/// The value conversions, both ways, at their edges.
struct HomeKitConversionsTests {
    typealias C = HomeKitConversions

    @Test func brightnessFromLevel() {
        #expect(C.brightness(level: 0) == 0)
        #expect(C.brightness(level: 1) == 0)
        #expect(C.brightness(level: 2) == 1)
        #expect(C.brightness(level: 127) == 50)
        #expect(C.brightness(level: 253) == 100)
        #expect(C.brightness(level: 254) == 100)
    }

    @Test func levelFromBrightness() {
        #expect(C.level(brightness: 0) == 1)
        #expect(C.level(brightness: 1) == 3)
        #expect(C.level(brightness: 50) == 127)
        #expect(C.level(brightness: 99) == 251)
        #expect(C.level(brightness: 100) == 254)
    }

    @Test func everyBrightnessSurvivesTheRoundTrip() {
        for percent in Int64(0)...100 {
            #expect(C.brightness(level: C.level(brightness: percent)) == percent)
        }
    }

    @Test func hueAndSaturation() {
        #expect(C.hueDegrees(hue: 0) == 0)
        #expect(C.hueDegrees(hue: 1) == 1)
        #expect(C.hueDegrees(hue: 127) == 180)
        #expect(C.hueDegrees(hue: 254) == 360)
        #expect(C.hue(degrees: 0) == 0)
        #expect(C.hue(degrees: 180) == 127)
        #expect(C.hue(degrees: 360) == 254)
        #expect(C.saturationPercent(saturation: 0) == 0)
        #expect(C.saturationPercent(saturation: 1) == 0)
        #expect(C.saturationPercent(saturation: 254) == 100)
        #expect(C.saturation(percent: 50) == 127)
        #expect(C.saturation(percent: 100) == 254)
        // Matter's steps are the coarser for hue, HomeKit's for saturation: each survives the trip from its side.
        for hue in Int64(0)...254 {
            #expect(C.hue(degrees: C.hueDegrees(hue: hue)) == hue)
        }
        for percent in 0...100 {
            #expect(C.saturationPercent(saturation: C.saturation(percent: Double(percent))) == Double(percent))
        }
    }

    @Test func miredsStayInTheDeclaredRange() {
        #expect(C.mireds(100, within: 153...500) == 153)
        #expect(C.mireds(250, within: 153...500) == 250)
        #expect(C.mireds(600, within: 153...500) == 500)
    }

    @Test func temperatures() {
        #expect(C.celsius(hundredths: 2100) == 21.0)
        #expect(C.celsius(hundredths: 2155) == 21.6)
        #expect(C.celsius(hundredths: 2154) == 21.5)
        #expect(C.celsius(hundredths: -4000) == -40.0)
        #expect(C.celsius(hundredths: 0) == 0)
        #expect(C.hundredths(celsius: 21.5) == 2150)
        #expect(C.hundredths(celsius: 10.1) == 1010)
        #expect(C.hundredths(celsius: -0.1) == -10)
    }

    @Test func humidity() {
        #expect(C.humidityPercent(hundredths: 0) == 0)
        #expect(C.humidityPercent(hundredths: 4549) == 45)
        #expect(C.humidityPercent(hundredths: 4550) == 46)
        #expect(C.humidityPercent(hundredths: 10_000) == 100)
    }

    @Test func lightLevel() {
        #expect(C.lux(measuredValue: nil) == 0.0001)
        #expect(C.lux(measuredValue: 0) == 0.0001)
        #expect(C.lux(measuredValue: 1) == 1)
        #expect(C.lux(measuredValue: 10_001) == 10)
        #expect(abs(C.lux(measuredValue: 24772) - 300) < 0.05)
        #expect(abs(C.lux(measuredValue: 48001) - 63_095.7) < 0.1)
        #expect(C.lux(measuredValue: 65534) == 100_000)
    }

    @Test func airQualityAndBattery() {
        #expect((0...6).map { C.airQuality(Int64($0)) } == [0, 1, 2, 3, 4, 5, 5])
        #expect(C.density(8.4) == 8)
        #expect(C.density(-1) == 0)
        #expect(C.density(2000) == 1000)
        #expect(C.batteryPercent(halfPercents: 200) == 100)
        #expect(C.batteryPercent(halfPercents: 41) == 20)
        #expect(C.batteryPercent(halfPercents: 0) == 0)
    }

    @Test func windowCoveringPositionsAreReversed() {
        #expect(C.position(percent100ths: 0) == 100)
        #expect(C.position(percent100ths: 10_000) == 0)
        #expect(C.position(percent100ths: 2500) == 75)
        #expect(C.position(percent100ths: 2550) == 74)
        #expect(C.percent100ths(position: 100) == 0)
        #expect(C.percent100ths(position: 0) == 10_000)
        #expect(C.percent100ths(position: 75) == 2500)
        #expect(C.positionState(operationalStatus: 0) == 2)
        #expect(C.positionState(operationalStatus: 0b0101) == 1)
        #expect(C.positionState(operationalStatus: 0b1010) == 0)
    }

    @Test func thermostatModes() {
        #expect([0, 1, 3, 4].map { C.targetHeatingCooling(systemMode: $0) } == [0, 3, 2, 1])
        #expect([0, 1, 2, 3].map { C.systemMode(targetHeatingCooling: $0) } == [0, 4, 3, 1])
        #expect(C.currentHeatingCooling(runningState: 0b1, runningMode: nil) == 1)
        #expect(C.currentHeatingCooling(runningState: 0b10, runningMode: nil) == 2)
        #expect(C.currentHeatingCooling(runningState: 0, runningMode: 4) == 0)
        #expect(C.currentHeatingCooling(runningState: nil, runningMode: 4) == 1)
        #expect(C.currentHeatingCooling(runningState: nil, runningMode: 3) == 2)
        #expect(C.currentHeatingCooling(runningState: nil, runningMode: 0) == 0)
    }

    @Test func switchEvents() {
        // MultiPressComplete (0x06) counts the presses; LongPress (0x02) is a long press.
        #expect(C.programmableSwitchEvent(event: 0x06, fields: [0: 0, 1: 1], multiPress: true) == 0)
        #expect(C.programmableSwitchEvent(event: 0x06, fields: [0: 0, 1: 2], multiPress: true) == 1)
        #expect(C.programmableSwitchEvent(event: 0x06, fields: [0: 0, 1: 3], multiPress: true) == nil)
        #expect(C.programmableSwitchEvent(event: 0x02, fields: [0: 1], multiPress: true) == 2)
        #expect(C.programmableSwitchEvent(event: 0x01, fields: [0: 1], multiPress: true) == nil)
        // ShortRelease is a press only without MSM, which would report it again as MultiPressComplete.
        #expect(C.programmableSwitchEvent(event: 0x03, fields: [0: 1], multiPress: true) == nil)
        #expect(C.programmableSwitchEvent(event: 0x03, fields: [0: 1], multiPress: false) == 0)
    }
}
