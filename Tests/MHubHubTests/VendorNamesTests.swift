import Testing

@testable import MHubHub

@Suite struct VendorNamesTests {
    @Test(arguments: [
        (UInt16(0x1349), "Apple Home"),
        (0x6006, "Google LLC"),
        (0x1217, "Amazon Lab126"),
        (0x100B, "Signify Netherlands B.V."),
        (0x10CB, "Philips"),
        (0x130A, "EVE SYSTEMS"),
        (0x117C, "IKEA of Sweden"),
        (0x115A, "Nanoleaf"),
        (0x110A, "SmartThings"),
        (0x134B, "Open Home Foundation"),
        (0x0000, "[Matter Standard]"),
    ])
    func knownVendorsHaveTheirListedNames(vendorID: UInt16, name: String) {
        #expect(VendorNames.name(of: vendorID) == name)
    }

    /// The CSA test vendors keep the list's names; 0xFFF1, which mhub's hub and devices use, is not called "mhub".
    @Test func theTestVendorsAreThere() {
        #expect(VendorNames.name(of: 0xFFF1) == "[Test vendor #1]")
        #expect(VendorNames.name(of: 0xFFF2) == "[Test vendor #2]")
        #expect(VendorNames.name(of: 0xFFF3) == "[Test vendor #3]")
        #expect(VendorNames.name(of: 0xFFF4) == "[Test vendor #4]")
        #expect(VendorNames.all.last?.id == 0xFFF4)
    }

    /// Unassigned IDs, and the list's reserved ones (left out), have no name.
    @Test(arguments: [UInt16(0x0008), 0x8000, 0xFFF0, 0xFFF5, 0xFFFF])
    func anUnknownIDHasNoName(vendorID: UInt16) {
        #expect(VendorNames.name(of: vendorID) == nil)
    }

    @Test func theTableIsSortedWithEachIDOnceAndEveryNameFound() {
        let ids = VendorNames.all.map(\.id)
        #expect(ids.count > 1_000)
        #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 })
        #expect(Set(ids).count == ids.count)
        #expect(VendorNames.all.allSatisfy { !$0.name.isEmpty && !$0.name.hasPrefix("[Reserved") })
        for entry in VendorNames.all {
            #expect(VendorNames.name(of: entry.id) == entry.name)
        }
        // Every ID not in the table misses, including the ends of the range.
        let known = Set(ids)
        let misses = (UInt16.min...UInt16.max).filter { !known.contains($0) && VendorNames.name(of: $0) != nil }
        #expect(misses.isEmpty)
    }
}
