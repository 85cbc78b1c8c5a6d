import MatterDataModel
import Testing

@testable import MHubHub

/// The table's index of uncommissioned devices stays what the devices say, whatever changes them and in which way.
@Suite struct SimulatedDeviceTableTests {
    static func device(_ id: SimulatedDeviceID, discriminator: UInt16, nodeID: NodeID? = nil) -> SimulatedDevice {
        SimulatedDevice(
            id: id, template: "on-off-light", name: "Light \(id)", vendorID: 0xFFF1, productID: 0x8000,
            discriminator: discriminator, passcode: 20_202_021, serialNumber: "SN\(id)", nodeID: nodeID)
    }

    /// What the index must hold: every uncommissioned device's discriminator by its ID, per short discriminator.
    static func expectIndexMatches(_ table: SimulatedDeviceTable, _ comment: Comment? = nil) {
        for short in UInt8(0)...UInt8(15) {
            var expected: [SimulatedDeviceID: UInt16] = [:]
            for (id, device) in table where device.nodeID == nil && device.discriminator >> 8 == short {
                expected[id] = device.discriminator
            }
            #expect(table.commissionable(short: short) == expected, comment)
        }
    }

    /// Seeded random inserts, replacements, in-place changes of the node and discriminator, and removals, each
    /// followed by a check of the whole index against the devices.
    @Test func theIndexFollowsEveryKindOfChange() {
        var table = SimulatedDeviceTable()
        var random = SplitMix64(seed: 17)
        for step in 0..<3_000 {
            let id = SimulatedDeviceID(random.next() % 200)
            let discriminator = UInt16(random.next() % 4096)
            switch random.next() % 5 {
            case 0: table[id] = Self.device(id, discriminator: discriminator)
            case 1: table[id] = Self.device(id, discriminator: discriminator, nodeID: NodeID(random.next() % 50 + 1))
            case 2: table[id]?.nodeID = random.next() % 2 == 0 ? nil : NodeID(random.next() % 50 + 1)
            case 3: table[id]?.discriminator = discriminator
            default: table[id] = nil
            }
            if step % 100 == 0 { Self.expectIndexMatches(table, "after step \(step)") }
        }
        Self.expectIndexMatches(table)
        #expect(table.count == table.keys.count && table.count == table.values.count)
    }

    /// The index is made of the devices: a table is equal to one built from the same devices in another order,
    /// and a copy taken before a change keeps its own index (a request's undo goes back to such a copy).
    @Test func equalityAndCopiesFollowTheDevices() {
        var table = SimulatedDeviceTable()
        var reversed = SimulatedDeviceTable()
        let devices = (1...40).map { Self.device(SimulatedDeviceID($0), discriminator: UInt16($0 * 97 % 4096)) }
        for device in devices { table[device.id] = device }
        for device in devices.reversed() { reversed[device.id] = device }
        #expect(table == reversed && table.hashValue == reversed.hashValue)
        let before = table
        table[1]?.nodeID = 9
        table[2] = nil
        #expect(before.commissionable(short: 0)[1] == 97 && before.commissionable(short: 0)[2] == 194)
        #expect(table.commissionable(short: 0)[1] == nil && table.commissionable(short: 0)[2] == nil)
        Self.expectIndexMatches(before)
        Self.expectIndexMatches(table)
    }
}
