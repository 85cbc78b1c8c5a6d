import HomeKitAccessory
import MatterDataModel
import MatterNode
import Testing

@testable import HomeKitBridge

/// Characteristics' values as the devices' attributes give them.
struct HomeKitBridgeValueTests {
    @Test func lights() {
        var home = TestHome.with("extended-color-light")
        #expect(read(2, 0x101, in: home) == .bool(false))
        #expect(read(2, 0x102, in: home) == .int(100))
        #expect(read(2, 0x103, in: home) == .int(250))
        home.set(2, 0x0006, 0x0000, .bool(true))
        home.set(2, 0x0008, 0x0000, .unsigned(127))
        home.set(2, 0x0300, 0x0007, .unsigned(100))
        home.set(2, 0x0300, 0x0000, .unsigned(127))
        home.set(2, 0x0300, 0x0001, .unsigned(254))
        #expect(read(2, 0x101, in: home) == .bool(true))
        #expect(read(2, 0x102, in: home) == .int(50))
        // Below the light's ColorTempPhysicalMinMireds (153): the declared minimum.
        #expect(read(2, 0x103, in: home) == .int(153))
        #expect(read(2, 0x104, in: home) == .float(180))
        #expect(read(2, 0x105, in: home) == .float(100))
    }

    @Test func outletsAndSwitches() {
        var home = TestHome.with("on-off-plug-in-unit")
        home.set(2, 0x0006, 0x0000, .bool(true))
        #expect(read(2, 0x101, in: home) == .bool(true))
        #expect(read(2, 0x102, in: home) == .bool(true))
        #expect(read(2, 0x101, in: TestHome.with("mounted-on-off-control")) == .bool(false))
    }

    @Test func sensors() {
        var contact = TestHome.with("contact-sensor")
        #expect(read(2, 0x101, in: contact) == .int(0))
        contact.set(2, 0x0045, 0x0000, .bool(false))
        #expect(read(2, 0x101, in: contact) == .int(1))

        var occupancy = TestHome.with("occupancy-sensor")
        #expect(read(2, 0x101, in: occupancy) == .int(0))
        occupancy.set(2, 0x0406, 0x0000, .unsigned(1))
        #expect(read(2, 0x101, in: occupancy) == .int(1))

        var temperature = TestHome.with("temperature-sensor")
        #expect(read(2, 0x111, in: temperature) == .float(21))
        temperature.set(2, 0x0402, 0x0000, .signed(-1234))
        #expect(read(2, 0x111, in: temperature) == .float(-12.3))

        #expect(read(2, 0x121, in: TestHome.with("humidity-sensor")) == .float(45))
        #expect(
            read(2, 0x101, in: TestHome.with("light-sensor")).flatMap(\.number).map { abs($0 - 300) < 0.05 } == true)

        var leak = TestHome.with("water-leak-detector")
        #expect(read(2, 0x101, in: leak) == .int(0))
        leak.set(2, 0x0045, 0x0000, .bool(true))
        #expect(read(2, 0x101, in: leak) == .int(1))

        var alarm = TestHome.with("smoke-co-alarm")
        #expect(read(2, 0x101, in: alarm) == .int(0))
        #expect(read(2, 0x131, in: alarm) == .int(0))
        alarm.set(2, 0x005C, 0x0001, .unsigned(2))
        alarm.set(2, 0x005C, 0x0002, .unsigned(1))
        #expect(read(2, 0x101, in: alarm) == .int(1))
        #expect(read(2, 0x131, in: alarm) == .int(1))

        let air = TestHome.with("air-quality-sensor")
        #expect(read(2, 0x141, in: air) == .int(1))
        #expect(read(2, 0x142, in: air) == .float(8))
        #expect(read(2, 0x143, in: air) == .float(12))
    }

    @Test func batteries() {
        var home = TestHome.with("contact-sensor")
        #expect(read(2, 0x171, in: home) == .int(100))
        #expect(read(2, 0x172, in: home) == .int(2))
        #expect(read(2, 0x173, in: home) == .int(0))
        home.set(2, 0x002F, 0x000C, .unsigned(40))
        home.set(2, 0x002F, 0x000E, .unsigned(1))
        #expect(read(2, 0x171, in: home) == .int(20))
        #expect(read(2, 0x173, in: home) == .int(1))
    }

    @Test func locks() {
        var home = TestHome.with("door-lock")
        #expect(read(2, 0x101, in: home) == .int(1))
        #expect(read(2, 0x102, in: home) == .int(1))
        for (state, current, target) in [
            (AttributeValue.unsigned(2), 0, 0), (.unsigned(0), 2, 0), (.unsigned(3), 0, 0), (.null, 3, 0),
        ] as [(AttributeValue, Int64, Int64)] {
            home.set(2, 0x0101, 0x0000, state)
            #expect(read(2, 0x101, in: home) == .int(current), "\(state)")
            #expect(read(2, 0x102, in: home) == .int(target), "\(state)")
        }
    }

    @Test func thermostats() {
        var home = TestHome.with("thermostat")
        // SystemMode Auto: HomeKit's auto, the heating setpoint as the target.
        #expect(read(2, 0x102, in: home) == .int(3))
        #expect(read(2, 0x103, in: home) == .float(21))
        #expect(read(2, 0x104, in: home) == .float(20))
        #expect(read(2, 0x106, in: home) == .float(20))
        #expect(read(2, 0x107, in: home) == .float(26))
        home.set(2, 0x0201, 0x001C, .unsigned(3))
        home.set(2, 0x0201, 0x001E, .unsigned(3))
        #expect(read(2, 0x101, in: home) == .int(2))
        #expect(read(2, 0x102, in: home) == .int(2))
        #expect(read(2, 0x104, in: home) == .float(26))

        // A room air conditioner that is switched off is off, whatever its SystemMode.
        var conditioner = TestHome.with("room-air-conditioner")
        #expect(read(2, 0x102, in: conditioner) == .int(3))
        conditioner.set(2, 0x0006, 0x0000, .bool(false))
        #expect(read(2, 0x102, in: conditioner) == .int(0))

        // The heat pump's room thermostat only heats.
        let pump = TestHome.with("heat-pump")
        #expect(accessory(2, in: pump)?.characteristic(0x202)?.validValues == [0, 1])
        #expect(read(2, 0x202, in: pump) == .int(1))
        #expect(read(2, 0x311, in: pump) == .float(5))
    }

    @Test func windowCoverings() {
        var home = TestHome.with("window-covering")
        #expect(read(2, 0x101, in: home) == .int(100))
        #expect(read(2, 0x103, in: home) == .int(2))
        home.set(2, 0x0102, 0x000E, .unsigned(2500))
        home.set(2, 0x0102, 0x000B, .unsigned(10_000))
        home.set(2, 0x0102, 0x000A, .unsigned(0b1010))
        #expect(read(2, 0x101, in: home) == .int(75))
        #expect(read(2, 0x102, in: home) == .int(0))
        #expect(read(2, 0x103, in: home) == .int(0))
    }

    @Test func fansPurifiersAndValves() {
        var fan = TestHome.with("fan")
        #expect(read(2, 0x161, in: fan) == .int(0))
        fan.set(2, 0x0202, 0x0000, .unsigned(2))
        fan.set(2, 0x0202, 0x0003, .unsigned(66))
        #expect(read(2, 0x161, in: fan) == .int(1))
        #expect(read(2, 0x162, in: fan) == .float(66))

        var purifier = TestHome.with("air-purifier")
        #expect(read(2, 0x102, in: purifier) == .int(0))
        purifier.set(2, 0x0202, 0x0000, .unsigned(5))
        purifier.set(2, 0x0202, 0x0003, .unsigned(50))
        #expect(read(2, 0x101, in: purifier) == .int(1))
        #expect(read(2, 0x102, in: purifier) == .int(2))
        #expect(read(2, 0x103, in: purifier) == .int(1))
        #expect(read(2, 0x151, in: purifier) == .int(0))
        #expect(read(2, 0x152, in: purifier) == .float(100))

        var valve = TestHome.with("water-valve")
        #expect(read(2, 0x101, in: valve) == .int(0))
        #expect(read(2, 0x103, in: valve) == .int(0))
        valve.set(2, 0x0081, 0x0005, .unsigned(1))
        #expect(read(2, 0x101, in: valve) == .int(1))
        #expect(read(2, 0x102, in: valve) == .int(0))
        valve.set(2, 0x0081, 0x0004, .unsigned(1))
        #expect(read(2, 0x102, in: valve) == .int(1))
    }
}

extension HAPValue {
    var number: Double? {
        switch self {
        case .int(let value): Double(value)
        case .float(let value): value
        default: nil
        }
    }
}
