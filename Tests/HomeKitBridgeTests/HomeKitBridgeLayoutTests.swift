import HomeKitAccessory
import MatterDataModel
import MatterNode
import Testing

@testable import HomeKitBridge

/// Which accessories, services and iids the home becomes, and that they stay put.
struct HomeKitBridgeLayoutTests {
    /// Every template's services (type@iid in hexadecimal), its device's first endpoint at 2.
    static let layouts: [String: [String]] = [
        "on-off-light": ["3E@1", "43@100"],
        "dimmable-light": ["3E@1", "43@100"],
        "color-temperature-light": ["3E@1", "43@100"],
        "extended-color-light": ["3E@1", "43@100"],
        "on-off-plug-in-unit": ["3E@1", "47@100"],
        "dimmable-plug-in-unit": ["3E@1", "43@100"],
        "mounted-on-off-control": ["3E@1", "49@100"],
        "mounted-dimmable-load-control": ["3E@1", "43@100"],
        "contact-sensor": ["3E@1", "80@100", "96@170"],
        "temperature-sensor": ["3E@1", "8A@110", "96@170"],
        "occupancy-sensor": ["3E@1", "86@100", "96@170"],
        "door-lock": ["3E@1", "45@100", "96@170"],
        "thermostat": ["3E@1", "4A@100"],
        "window-covering": ["3E@1", "8C@100", "96@170"],
        "light-sensor": ["3E@1", "84@100", "96@170"],
        "humidity-sensor": ["3E@1", "82@120", "96@170"],
        "air-quality-sensor": ["3E@1", "8A@110", "82@120", "8D@140"],
        "smoke-co-alarm": ["3E@1", "87@100", "7F@130", "96@170"],
        "water-leak-detector": ["3E@1", "83@100", "96@170"],
        "generic-switch": ["3E@1", "89@100", "96@170"],
        "water-valve": ["3E@1", "D0@100", "96@170"],
        "pump": ["3E@1", "49@100"],
        "fan": ["3E@1", "B7@160"],
        "air-purifier": ["3E@1", "BB@100", "8D@140", "BA@150"],
        "room-air-conditioner": ["3E@1", "4A@100", "B7@160"],
        // The heat pump itself (endpoint 2) has no HomeKit service; its room thermostat and outdoor sensor do.
        "heat-pump": ["3E@1", "4A@200", "8A@310"],
        // HomeKit has no washer, dryer or dishwasher: their power button (the dead-front On/Off) is a Switch.
        "laundry-washer": ["3E@1", "49@100"], "laundry-dryer": ["3E@1", "49@100"], "dishwasher": ["3E@1", "49@100"],
        // The kitchen: the cabinets' and the pans' temperatures (no HomeKit service for the appliance itself, nor for
        // the hob's OffOnly power); the hood's fan (the carbon filter has no HomeKit service of its own).
        "refrigerator": ["3E@1", "8A@210", "8A@310"],
        "temperature-controlled-cabinet": ["3E@1", "8A@110"],
        "cooktop": ["3E@1", "8A@210", "8A@310"],
        "extractor-hood": ["3E@1", "B7@160"],
        // The oven's cavity temperature; HomeKit has no oven or microwave service (the microwave is left out below).
        "oven": ["3E@1", "8A@210"],
        // A speaker's and a TV's On/Off as a switch: the bridge has no Television or Speaker service.
        "speaker": ["3E@1", "49@100"],
        "basic-video-player": ["3E@1", "49@100"],
        "casting-video-player": ["3E@1", "49@100"],
    ]

    /// The templates HomeKit has no service for.
    static let unsupported: Set<String> = [
        "pressure-sensor", "flow-sensor", "water-freeze-detector", "rain-sensor", "generic-switch-latching",
        "on-off-light-switch", "dimmer-switch", "color-dimmer-switch", "on-off-sensor", "mode-select",
        "door-lock-controller", "window-covering-controller", "pump-controller", "control-bridge",
        "network-infrastructure-manager",
        "microwave-oven",
        "casting-video-client", "video-remote-control",
        "evse", "water-heater", "device-energy-management", "electrical-sensor", "solar-power", "battery-storage",
        // HomeKit has no robot vacuum service.
        "robotic-vacuum-cleaner",
    ]

    @Test func everyTemplateIsMappedOrLeftOut() {
        for template in DeviceTemplates.all {
            let home = TestHome.with(template.key)
            let accessories = bridge.accessories(in: home)
            if Self.unsupported.contains(template.key) {
                #expect(accessories.map(\.aid) == [1], "\(template.key)")
                #expect(bridge.omitted(in: home) == (0, 1), "\(template.key)")
            } else {
                #expect(accessories.map(\.aid) == [1, 2], "\(template.key)")
                #expect(accessories.last?.serviceLayout == Self.layouts[template.key], "\(template.key)")
                #expect(bridge.omitted(in: home) == (0, 0), "\(template.key)")
            }
        }
        #expect(Set(Self.layouts.keys).union(Self.unsupported) == Set(DeviceTemplates.all.map(\.key)))
    }

    @Test func theBridgeIsAccessoryOne() throws {
        let accessories = bridge.accessories(in: TestHome())
        #expect(accessories.map(\.aid) == [1])
        let info = try #require(accessories.first?.service(1))
        #expect(info.type.text == "3E")
        #expect(
            info.characteristics.map { "\($0.iid):\($0.type):\($0.permissions.names.joined())" } == [
                "2:14:pw", "3:20:pr", "4:21:pr", "5:23:pr", "6:30:pr", "7:52:pr",
            ])
        #expect(
            info.characteristics.compactMap(\.value) == [
                .string("mhub"), .string("mhub bridge"), .string("mhub"), .string("BRIDGE-1"), .string("0.9.1"),
            ])
        let protocolInformation = try #require(accessories.first?.service(8))
        #expect(protocolInformation.type.text == "A2")
        #expect(protocolInformation.characteristics.map(\.iid) == [9])
        #expect(protocolInformation.characteristics.first?.type.text == "37")
        #expect(protocolInformation.characteristics.first?.value == .string("1.1.0"))
    }

    @Test func aBridgedAccessoryCarriesItsInformation() throws {
        let light = try #require(accessory(2, in: TestHome.with("on-off-light")))
        let info = try #require(light.service(1))
        #expect(info.characteristics.map(\.iid) == [2, 3, 4, 5, 6, 7])
        #expect(
            info.characteristics.compactMap(\.value) == [
                .string("mhub"), .string("mhub Product"), .string("On Off Light"), .string("SN-2"), .string("2.1.0"),
            ])
    }

    @Test func characteristicsSitAtFixedSlots() throws {
        let light = try #require(accessory(2, in: TestHome.with("extended-color-light")))
        let bulb = try #require(light.service(0x100))
        #expect(bulb.primary)
        #expect(
            bulb.characteristics.map { "\(String($0.iid, radix: 16)):\($0.type)" } == [
                "101:25", "102:8", "103:CE", "104:13", "105:2F",
            ])
        let temperature = try #require(light.characteristic(0x103))
        #expect(temperature.format == .uint32)
        #expect(temperature.minValue == 153)
        #expect(temperature.maxValue == 500)
        let dimmable = try #require(accessory(2, in: TestHome.with("dimmable-light")))
        #expect(dimmable.service(0x100)?.characteristics.map(\.iid) == [0x101, 0x102])
        let thermostat = try #require(accessory(2, in: TestHome.with("thermostat")))
        #expect(
            thermostat.service(0x100)?.characteristics.map { "\(String($0.iid, radix: 16)):\($0.type)" } == [
                "101:F", "102:33", "103:11", "104:35", "105:36", "106:12", "107:D",
            ])
        #expect(thermostat.characteristic(0x102)?.validValues == [0, 1, 2, 3])
        #expect(thermostat.characteristic(0x104)?.minValue == 7)
        #expect(thermostat.characteristic(0x104)?.maxValue == 32)
        let button = try #require(accessory(2, in: TestHome.with("generic-switch")))
        #expect(button.characteristic(0x101)?.validValues == [0, 1, 2])
        #expect(button.characteristic(0x101)?.value == .null)
    }

    @Test func aidsAndIIDsDoNotMoveWhenOthersComeAndGo() {
        var home = TestHome()
        home.add("door-lock", at: 5)
        home.add("on-off-plug-in-unit", at: 9, count: 3)
        let before = bridge.accessories(in: home)
        home.add("dimmable-light", at: 2)
        home.add("contact-sensor", at: 12)
        let after = bridge.accessories(in: home)
        #expect(after.map(\.aid) == [1, 2, 5, 9, 12])
        #expect(after.filter { $0.aid == 5 || $0.aid == 9 } == before.filter { $0.aid != 1 })
        home.endpoints[2] = nil
        #expect(bridge.accessories(in: home).filter { $0.aid == 5 || $0.aid == 9 } == before.filter { $0.aid != 1 })
        #expect(bridge.databaseFingerprint(in: home) != bridge.databaseFingerprint(in: TestHome()))
    }

    @Test func aPowerStripIsOneAccessoryWithAServicePerOutlet() throws {
        let strip = try #require(accessory(2, in: TestHome.with("on-off-plug-in-unit", count: 3)))
        #expect(bridge.accessories(in: TestHome.with("on-off-plug-in-unit", count: 3)).map(\.aid) == [1, 2])
        #expect(strip.serviceLayout == ["3E@1", "47@100", "47@200", "47@300"])
        #expect(strip.services.map(\.primary) == [false, true, false, false])
        #expect(strip.characteristic(0x10E)?.value == .string("On Off Plug in Unit 1"))
        #expect(strip.characteristic(0x30E)?.value == .string("On Off Plug in Unit 3"))
    }

    @Test func severalButtonsAreLabelled() throws {
        let buttons = try #require(accessory(2, in: TestHome.with("generic-switch", count: 2)))
        #expect(buttons.serviceLayout == ["3E@1", "89@100", "96@170", "89@200", "96@270", "CC@1F0"])
        #expect(buttons.characteristic(0x10F)?.value == .int(1))
        #expect(buttons.characteristic(0x20F)?.value == .int(2))
        #expect(buttons.characteristic(0x1F1)?.value == .int(1))
    }

    @Test func atMost149AccessoriesLowestAidsFirst() {
        var home = TestHome()
        home.add("mode-select", at: 2)
        for index in 0..<151 { home.add("on-off-light", at: EndpointID(3 + index)) }
        let accessories = bridge.accessories(in: home)
        #expect(accessories.count == 150)
        #expect(accessories.last?.aid == 151)
        #expect(bridge.omitted(in: home) == (2, 1))
        #expect(
            bridge.characteristic(HAPCharacteristicID(aid: 153, iid: 0x101), in: home).failure
                == .resourceDoesNotExist)
        #expect((try? bridge.characteristic(HAPCharacteristicID(aid: 151, iid: 0x101), in: home).get()) != nil)
    }

    @Test func theLimitCountsDevicesNotEndpoints() {
        var home = TestHome()
        for index in 0..<100 { home.add("on-off-plug-in-unit", at: EndpointID(2 + 2 * index), count: 2) }
        #expect(bridge.accessories(in: home).count == 101)
        #expect(bridge.omitted(in: home) == (0, 0))
        // The last strip has 198 endpoints before it: it is found by counting the devices.
        #expect(read(200, 0x201, in: home) == .bool(false))
        home.set(201, 0x0006, 0x0000, .bool(true))
        let change = bridge.changes(.attributes([AttributePath(endpoint: 201, cluster: 6, attribute: 0)]), in: home)
        #expect(
            change.values == [
                HAPCharacteristicID(aid: 200, iid: 0x201): .bool(true),
                HAPCharacteristicID(aid: 200, iid: 0x202): .bool(true),
            ])
    }

    @Test func namesAreWhatTheHomeAppTakes() {
        let names: [(String, String)] = [
            ("Kitchen light", "Kitchen light"),
            ("  Living-room lamp (2) ", "Living room lamp 2"),
            ("Café's 💡 bulb", "Café's bulb"),
            ("'quoted'", "quoted"),
            ("💡", "mhub Product"),
            ("X", "X mhub Product"),
            (String(repeating: "a", count: 70), String(repeating: "a", count: 64)),
        ]
        for (given, shown) in names {
            var home = TestHome()
            home.add("on-off-light", at: 2, name: given)
            #expect(read(2, 5, in: home) == .string(shown), "\(given)")
        }
        #expect(HomeKitNames.sanitised("--", fallback: "Accessory 2") == "Accessory 2")
        #expect(HomeKitNames.firmwareRevision("1.2.3-beta", number: 9) == "1.2.3")
        #expect(HomeKitNames.firmwareRevision("1.2.3.4", number: 9) == "1.2.3")
        #expect(HomeKitNames.firmwareRevision("v2", number: 9) == "9")
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}

extension Result {
    var success: Success? {
        if case .success(let value) = self { value } else { nil }
    }
}
