import HomeKitAccessory
import MatterDataModel
import MatterNode
import Testing

@testable import HomeKitBridge

/// Writes: the exact Matter commands and writes each becomes, and the statuses.
struct HomeKitBridgeWriteTests {
    func operations(_ value: HAPValue, _ aid: UInt64, _ iid: UInt64, in home: TestHome) -> [HomeKitOperation]? {
        try? bridge.write(value, to: HAPCharacteristicID(aid: aid, iid: iid), in: home).get()
    }

    func invoke(
        _ endpoint: EndpointID, _ cluster: ClusterID, _ command: CommandID, _ fields: [UInt32: AttributeValue] = [:]
    )
        -> HomeKitOperation
    {
        HomeKitOperation(endpoint: endpoint, operation: .invoke(cluster: cluster, command: command, fields: fields))
    }

    func write(_ endpoint: EndpointID, _ cluster: ClusterID, _ attribute: AttributeID, _ value: AttributeValue)
        -> HomeKitOperation
    {
        HomeKitOperation(endpoint: endpoint, operation: .write(cluster: cluster, attribute: attribute, value: value))
    }

    @Test func lights() {
        let home = TestHome.with("extended-color-light")
        #expect(operations(.bool(true), 2, 0x101, in: home) == [invoke(2, 0x0006, 0x01)])
        #expect(operations(.int(0), 2, 0x101, in: home) == [invoke(2, 0x0006, 0x00)])
        #expect(
            operations(.int(50), 2, 0x102, in: home) == [
                invoke(2, 0x0008, 0x04, [0: .unsigned(127), 1: .unsigned(0), 2: .unsigned(0), 3: .unsigned(0)])
            ])
        #expect(
            operations(.int(0), 2, 0x102, in: home) == [
                invoke(2, 0x0008, 0x04, [0: .unsigned(1), 1: .unsigned(0), 2: .unsigned(0), 3: .unsigned(0)])
            ])
        #expect(
            operations(.int(370), 2, 0x103, in: home) == [
                invoke(2, 0x0300, 0x0A, [0: .unsigned(370), 1: .unsigned(0), 2: .unsigned(1), 3: .unsigned(1)])
            ])
        #expect(
            operations(.float(180), 2, 0x104, in: home) == [
                invoke(
                    2, 0x0300, 0x00,
                    [0: .unsigned(127), 1: .unsigned(0), 2: .unsigned(0), 3: .unsigned(1), 4: .unsigned(1)])
            ])
        #expect(
            operations(.float(100), 2, 0x105, in: home) == [
                invoke(2, 0x0300, 0x03, [0: .unsigned(254), 1: .unsigned(0), 2: .unsigned(1), 3: .unsigned(1)])
            ])
    }

    @Test func aPowerStripsOutletIsItsOwnEndpoint() {
        let home = TestHome.with("on-off-plug-in-unit", count: 3)
        #expect(operations(.bool(true), 2, 0x301, in: home) == [invoke(4, 0x0006, 0x01)])
        #expect(operations(.bool(true), 2, 0x201, in: home) == [invoke(3, 0x0006, 0x01)])
    }

    @Test func locks() {
        let home = TestHome.with("door-lock")
        #expect(operations(.int(1), 2, 0x102, in: home) == [invoke(2, 0x0101, 0x00)])
        #expect(operations(.int(0), 2, 0x102, in: home) == [invoke(2, 0x0101, 0x01)])
    }

    @Test func thermostats() {
        var home = TestHome.with("thermostat")
        #expect(operations(.int(1), 2, 0x102, in: home) == [write(2, 0x0201, 0x001C, .unsigned(4))])
        #expect(operations(.int(2), 2, 0x102, in: home) == [write(2, 0x0201, 0x001C, .unsigned(3))])
        #expect(operations(.int(0), 2, 0x102, in: home) == [write(2, 0x0201, 0x001C, .unsigned(0))])
        // In auto the target is the heating setpoint; in cool the cooling one; each kept within its limits and the
        // dead band (2 °C) from the other, which moves first when it is in the way.
        #expect(operations(.float(22.5), 2, 0x104, in: home) == [write(2, 0x0201, 0x0012, .signed(2250))])
        #expect(operations(.float(24), 2, 0x104, in: home) == [write(2, 0x0201, 0x0012, .signed(2400))])
        #expect(
            operations(.float(25), 2, 0x104, in: home) == [
                write(2, 0x0201, 0x0011, .signed(2700)), write(2, 0x0201, 0x0012, .signed(2500)),
            ])
        #expect(
            operations(.float(31), 2, 0x104, in: home) == [
                write(2, 0x0201, 0x0011, .signed(3200)), write(2, 0x0201, 0x0012, .signed(3000)),
            ])
        home.set(2, 0x0201, 0x001C, .unsigned(3))
        #expect(operations(.float(24), 2, 0x104, in: home) == [write(2, 0x0201, 0x0011, .signed(2400))])
        #expect(
            operations(.float(10), 2, 0x104, in: home) == [
                write(2, 0x0201, 0x0012, .signed(1400)), write(2, 0x0201, 0x0011, .signed(1600)),
            ])
        #expect(operations(.float(19.5), 2, 0x106, in: home) == [write(2, 0x0201, 0x0012, .signed(1950))])
        #expect(operations(.float(27), 2, 0x107, in: home) == [write(2, 0x0201, 0x0011, .signed(2700))])
        // A heating-only thermostat has no dead band to keep.
        #expect(
            operations(.float(30), 3, 0x204, in: TestHome.with("heat-pump", at: 3)) == [
                write(4, 0x0201, 0x0012, .signed(3000))
            ])
        #expect(operations(.int(1), 2, 0x105, in: home) == [])

        var conditioner = TestHome.with("room-air-conditioner")
        conditioner.set(2, 0x0006, 0x0000, .bool(false))
        #expect(
            operations(.int(2), 2, 0x102, in: conditioner) == [
                invoke(2, 0x0006, 0x01), write(2, 0x0201, 0x001C, .unsigned(3)),
            ])
        conditioner.set(2, 0x0006, 0x0000, .bool(true))
        #expect(operations(.int(2), 2, 0x102, in: conditioner) == [write(2, 0x0201, 0x001C, .unsigned(3))])
        #expect(operations(.int(0), 2, 0x102, in: conditioner) == [invoke(2, 0x0006, 0x00)])
    }

    @Test func windowCoverings() {
        let home = TestHome.with("window-covering")
        #expect(operations(.int(100), 2, 0x102, in: home) == [invoke(2, 0x0102, 0x05, [0: .unsigned(0)])])
        #expect(operations(.int(25), 2, 0x102, in: home) == [invoke(2, 0x0102, 0x05, [0: .unsigned(7500)])])
        #expect(operations(.bool(true), 2, 0x104, in: home) == [invoke(2, 0x0102, 0x02)])
    }

    @Test func fansPurifiersAndValves() {
        var fan = TestHome.with("fan")
        #expect(operations(.int(1), 2, 0x161, in: fan) == [write(2, 0x0202, 0x0000, .unsigned(4))])
        #expect(operations(.float(40), 2, 0x162, in: fan) == [write(2, 0x0202, 0x0002, .unsigned(40))])
        fan.set(2, 0x0202, 0x0000, .unsigned(1))
        #expect(operations(.int(1), 2, 0x161, in: fan) == [])
        #expect(operations(.int(0), 2, 0x161, in: fan) == [write(2, 0x0202, 0x0000, .unsigned(0))])

        var purifier = TestHome.with("air-purifier")
        #expect(operations(.int(1), 2, 0x103, in: purifier) == [write(2, 0x0202, 0x0000, .unsigned(5))])
        #expect(operations(.int(0), 2, 0x103, in: purifier) == [write(2, 0x0202, 0x0000, .unsigned(4))])
        purifier.set(2, 0x0202, 0x0003, .unsigned(50))
        #expect(operations(.int(0), 2, 0x103, in: purifier) == [write(2, 0x0202, 0x0002, .unsigned(50))])

        let valve = TestHome.with("water-valve")
        #expect(operations(.int(1), 2, 0x101, in: valve) == [invoke(2, 0x0081, 0x00)])
        #expect(operations(.int(0), 2, 0x101, in: valve) == [invoke(2, 0x0081, 0x01)])
    }

    @Test func identify() {
        let home = TestHome.with("on-off-light")
        #expect(operations(.bool(true), 2, 2, in: home) == [invoke(2, 0x0003, 0x00, [0: .unsigned(5)])])
        #expect(operations(.bool(false), 2, 2, in: home) == [])
        #expect(operations(.bool(true), 1, 2, in: home) == [])
    }

    @Test func statuses() {
        let home = TestHome.with("door-lock")
        func status(_ aid: UInt64, _ iid: UInt64, in home: TestHome = home) -> HAPStatus? {
            bridge.write(.int(1), to: HAPCharacteristicID(aid: aid, iid: iid), in: home).failure
        }
        #expect(status(3, 0x102) == .resourceDoesNotExist)
        #expect(status(2, 0x108) == .resourceDoesNotExist)
        #expect(status(2, 0x100) == .resourceDoesNotExist)
        #expect(status(2, 0x101) == .readOnly)
        #expect(status(2, 5) == .readOnly)
        #expect(status(1, 3) == .readOnly)
        #expect(status(1, 99) == .resourceDoesNotExist)
        #expect(status(2, 0x102) == nil)
        let away = TestHome.with("door-lock", reachable: false)
        #expect(status(2, 0x102, in: away) == .unableToCommunicate)
        #expect(status(2, 0x101, in: away) == .readOnly)

        func readStatus(_ aid: UInt64, _ iid: UInt64, in home: TestHome = home) -> HAPStatus? {
            bridge.characteristic(HAPCharacteristicID(aid: aid, iid: iid), in: home).failure
        }
        #expect(readStatus(2, 0x101) == nil)
        #expect(readStatus(9, 0x101) == .resourceDoesNotExist)
        #expect(readStatus(2, 0x1FF) == .resourceDoesNotExist)
        #expect(readStatus(2, 2) == nil)
        #expect(
            bridge.characteristic(HAPCharacteristicID(aid: 2, iid: 2), in: home).success?.permissions == .pairedWrite)
        #expect(readStatus(1, 9) == nil)
        #expect(readStatus(2, 0x101, in: away) == nil)
        #expect(!bridge.isReachable(2, in: away) && bridge.isReachable(2, in: home) && bridge.isReachable(1, in: away))
        #expect(readStatus(9, 0x101, in: away) == .resourceDoesNotExist)
    }
}
