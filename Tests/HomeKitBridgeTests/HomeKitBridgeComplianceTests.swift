import HomeKitAccessory
import MatterDataModel
import MatterNode
import Testing

@testable import HomeKitBridge

/// What every accessory must be for iOS to take the bridge (hap-reference.md section 11, item 4): each readable
/// characteristic has a value of its format within its declared range, and each writable one can be written.
struct HomeKitBridgeComplianceTests {
    /// Every template at once, one device each, from endpoint 2 on (a power strip and two buttons among them).
    static var everything: TestHome {
        var home = TestHome()
        var next: EndpointID = 2
        for template in DeviceTemplates.all {
            home.add(template.key, at: next)
            next += EndpointID(max(1, template.parts.count + 1))
        }
        home.add("on-off-plug-in-unit", at: next, count: 3)
        home.add("generic-switch", at: next + 3, count: 2)
        return home
    }

    @Test func everyValueIsOfItsFormatAndWithinItsRange() {
        let accessories = bridge.accessories(in: Self.everything)
        #expect(accessories.count > 20)
        for accessory in accessories {
            #expect(accessory.services.first?.iid == 1)
            #expect(accessory.services.filter(\.primary).count == (accessory.aid == 1 ? 0 : 1), "\(accessory.aid)")
            var iids: Set<UInt64> = []
            for service in accessory.services {
                #expect(iids.insert(service.iid).inserted, "\(accessory.aid).\(service.iid)")
                for characteristic in service.characteristics {
                    let place = "\(accessory.aid).\(characteristic.iid) \(characteristic.type)"
                    #expect(iids.insert(characteristic.iid).inserted, "\(place)")
                    guard characteristic.permissions.contains(.pairedRead) else {
                        #expect(characteristic.value == nil, "\(place)")
                        continue
                    }
                    if characteristic.type.text == "73" {
                        #expect(characteristic.value == .null)
                        continue
                    }
                    #expect(Self.fits(characteristic), "\(place) \(String(describing: characteristic.value))")
                }
            }
        }
    }

    @Test func everyWritableCharacteristicCanBeWritten() {
        let home = Self.everything
        for accessory in bridge.accessories(in: home) where accessory.aid != 1 {
            for service in accessory.services {
                for characteristic in service.characteristics where characteristic.permissions.contains(.pairedWrite) {
                    let value = characteristic.value ?? .bool(true)
                    let result = bridge.write(
                        value, to: HAPCharacteristicID(aid: accessory.aid, iid: characteristic.iid), in: home)
                    #expect((try? result.get()) != nil, "\(accessory.aid).\(characteristic.iid) \(characteristic.type)")
                }
            }
        }
    }

    /// Whether the value is of the characteristic's format, within its range and among its valid values.
    static func fits(_ characteristic: HAPCharacteristic) -> Bool {
        let number: Double
        switch (characteristic.format, characteristic.value) {
        case (.bool, .bool?): return true
        case (.string, .string(let text)?): return !text.isEmpty && text.count <= 64
        case (.float, .float(let value)?): number = value
        case (let format, .int(let value)?) where format.isInteger:
            number = Double(value)
            if let valid = characteristic.validValues, !valid.contains(value) { return false }
        default: return false
        }
        if let low = characteristic.minValue, number < low { return false }
        if let high = characteristic.maxValue, number > high { return false }
        return true
    }
}
