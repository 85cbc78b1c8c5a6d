import Foundation
import MHubHub
import MHubTestSupport
import MatterCredentials
import MatterNode
import Testing

@testable import MHubStore

/// The simulated devices' own Matter nodes in the hub's database: the authority, each device's identity and fabric
/// table, their deletion with the device, and the migration from schema 5.
@Suite final class HubStoreDeviceMatterTests {
    static let now = UTCDateTime(year: 2026, month: 12, day: 7, hour: 2, minute: 0, second: 0)!

    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    var path: String { directory.path("mhubd.sqlite3") }

    static func authority(vendors: [UInt16] = [0xFFF1, 0xFFF2]) throws -> AttestationAuthority {
        var random = SeededGenerator(seed: 1)
        var authority = try AttestationAuthority.make(now: now, using: &random)
        for vendorID in vendors {
            try authority.intermediate(forVendor: vendorID, now: now, using: &random)
        }
        return authority
    }

    static func identity(
        _ authority: inout AttestationAuthority, vendorID: UInt16 = 0xFFF1, passcode: UInt32 = 20_202_021
    ) throws -> DeviceMatterIdentity {
        var random = SystemRandomNumberGenerator()
        return try DeviceMatterIdentity.make(
            vendorID: vendorID, productID: 0x8001, deviceTypeID: 0x0100, passcode: passcode, authority: &authority,
            now: now, using: &random)
    }

    func count(_ table: String) throws -> Int64 {
        try SQLiteDatabase(path: path).query("SELECT count(*) FROM \(table)").first?.first?.int64Value ?? -1
    }

    @Test func theAuthoritySurvivesAReopenAndSavingItAgainChangesNothing() throws {
        let store = try HubStore(path: path)
        #expect(try store.loadDeviceAuthority() == nil)
        var authority = try Self.authority()
        try store.saveDeviceAuthority(authority)
        #expect(try HubStore(path: path).loadDeviceAuthority() == authority)
        try store.saveDeviceAuthority(authority)
        #expect(try count("matter_device_paa") == 1 && count("matter_device_pai") == 2)
        #expect(try store.loadDeviceAuthority() == authority)

        // A PAI made later is added; one stored before and not in the value saved stays.
        var random = SystemRandomNumberGenerator()
        try authority.intermediate(forVendor: 0x1234, now: Self.now, using: &random)
        try store.saveDeviceAuthority(authority)
        #expect(try HubStore(path: path).loadDeviceAuthority()?.pais.keys.sorted() == [0x1234, 0xFFF1, 0xFFF2])
        try store.saveDeviceAuthority(AttestationAuthority(paa: authority.paa))
        #expect(try store.loadDeviceAuthority() == authority)
    }

    @Test func anIdentitySurvivesAReopenWithItsPortAndStillAttests() throws {
        let store = try HubStore(path: path)
        #expect(try store.loadDeviceMatterIdentity(device: 3) == nil)
        var authority = try Self.authority()
        let identity = try Self.identity(&authority)
        try store.saveDeviceAuthority(authority)
        try store.saveDeviceMatterIdentity(identity, device: 3)
        let loaded = try #require(try HubStore(path: path).loadDeviceMatterIdentity(device: 3))
        #expect(loaded == identity && loaded.udpPort == nil)
        #expect(try loaded.attestation.check(at: Self.now).dac.vendorID == 0xFFF1)
        #expect(try loaded.spake2pVerifier() == identity.spake2pVerifier())
        #expect(loaded.matches(vendorID: 0xFFF1, productID: 0x8001, deviceTypeID: 0x0100, passcode: 20_202_021))

        try store.saveDeviceUDPPort(5541, device: 3)
        try store.saveDeviceUDPPort(5542, device: 4)
        #expect(try HubStore(path: path).loadDeviceMatterIdentity(device: 3)?.udpPort == 5541)
        #expect(try store.loadDeviceMatterIdentity(device: 4) == nil)
        var again = identity
        again.udpPort = 5600
        try store.saveDeviceMatterIdentity(again, device: 3)
        #expect(try store.loadDeviceMatterIdentity(device: 3) == again)
        #expect(try count("device_matter_identity") == 1)
    }

    @Test func anIdentityWithoutItsAuthorityIsNone() throws {
        let store = try HubStore(path: path)
        var authority = try Self.authority(vendors: [])
        let identity = try Self.identity(&authority)
        // Saved without its PAI and PAA, it has no chain: the loader makes a new one.
        try store.saveDeviceMatterIdentity(identity, device: 1)
        #expect(try store.loadDeviceMatterIdentity(device: 1) == nil)
        try store.saveDeviceAuthority(authority)
        #expect(try store.loadDeviceMatterIdentity(device: 1) == identity)
    }

    @Test func eachDevicesFabricTableIsItsOwnAndNotTheHubs() throws {
        let store = try HubStore(path: path)
        #expect(try store.loadFabricTable(device: 1) == FabricTable())
        var first = FabricTable()
        first.store(HubStoreMatterTests.record(1, label: "home"))
        first.store(HubStoreMatterTests.record(2, label: "other"))
        var second = FabricTable()
        second.store(HubStoreMatterTests.record(1, label: "second's"))
        var hub = FabricTable()
        hub.store(HubStoreMatterTests.record(1, label: "hub"))
        try store.saveFabricTable(first, device: 1)
        try store.saveFabricTable(second, device: 2)
        try store.saveFabricTable(hub)
        let reopened = try HubStore(path: path)
        #expect(try reopened.loadFabricTable(device: 1) == first)
        #expect(try reopened.loadFabricTable(device: 2) == second)
        #expect(try reopened.loadFabricTable() == hub)
        #expect(try reopened.loadFabricTable(device: 3) == FabricTable())

        // A replacement is whole and touches no other table.
        first.remove(1)
        try reopened.saveFabricTable(first, device: 1)
        #expect(try HubStore(path: path).loadFabricTable(device: 1) == first)
        #expect(first.nextFabricIndex == 3 && first.records.keys.sorted() == [2])
        #expect(try reopened.loadFabricTable(device: 2) == second)
        #expect(try reopened.loadFabricTable() == hub)
        try reopened.saveFabricTable(FabricTable(), device: 2)
        #expect(try reopened.loadFabricTable(device: 2) == FabricTable())
        #expect(try reopened.loadFabricTable(device: 1) == first)
    }

    @Test func deletingADeviceDeletesItsMatterRowsOnly() throws {
        let store = try HubStore(path: path)
        var authority = try Self.authority()
        try store.saveDeviceAuthority(authority)
        var table = FabricTable()
        table.store(HubStoreMatterTests.record(1, label: "home"))
        for device: Int64 in [1, 2, 3] {
            try store.saveDeviceMatterIdentity(try Self.identity(&authority), device: device)
            try store.saveFabricTable(table, device: device)
        }
        try store.saveFabricTable(table)
        let device2 = try store.loadDeviceMatterIdentity(device: 2)

        try store.apply([.deleteSimulatedDevice(1)])
        #expect(try store.loadDeviceMatterIdentity(device: 1) == nil)
        #expect(try store.loadFabricTable(device: 1) == FabricTable())
        #expect(try count("device_matter_fabric_table") == 2 && count("device_matter_fabrics") == 2)
        #expect(try store.loadDeviceMatterIdentity(device: 2) == device2)
        #expect(try store.loadFabricTable(device: 2) == table)

        // Everything else's reset takes every device's rows; the authority and the hub's own state stay.
        try store.apply([.deleteAll])
        for name in ["device_matter_identity", "device_matter_fabric_table", "device_matter_fabrics"] {
            #expect(try count(name) == 0, "\(name)")
        }
        #expect(try store.loadDeviceAuthority() == authority)
        #expect(try store.loadFabricTable() == table)
    }
}

extension HubStoreDeviceMatterTests {
    func columns(of table: String) throws -> [String] {
        try SQLiteDatabase(path: path).query("PRAGMA table_info(\(table))").compactMap { $0[1].stringValue }
    }

    /// A database as schema 5's writer left it (its steps, with the JSON node column dropped as step 4 did) opens
    /// with what it held, and gains the device tables and the two columns with their defaults.
    @Test func schema5MigratesWithItsStateIntact() throws {
        let old = try SQLiteDatabase(path: path)
        try old.configureForDurability()
        try old.transaction {
            for step in HubStore.migrations[0..<5] {
                try old.execute(step)
            }
            try old.execute("ALTER TABLE nodes DROP COLUMN data")
            try old.setApplicationID(HubStore.applicationID)
            try old.setUserVersion(5)
        }
        try old.run("INSERT INTO fabric (id, fabric_id, compressed_fabric_id) VALUES (1, 7, 9)")
        try old.run("INSERT INTO structures (id, name) VALUES (1, 'Home')")
        try old.run(
            "INSERT INTO simulated_devices (id, template, name, vendor_id, product_id, discriminator, passcode, "
                + "serial_number, node_id, network, firmware) VALUES (4, 'on-off-light', 'Lamp', 65521, 32769, 3840, "
                + "20202021, 'S4', 2, 'wifi', '')")
        try old.run(
            "INSERT INTO nodes (id, structure_id, room_id, name, template, simulated_device_id, commissioned_at, "
                + "bridged_endpoints, node_data) VALUES (2, 1, NULL, 'Lamp', 'on-off-light', 4, 5, '{\"1\":2}', ?)",
            [.blob(NodeDataCodec.encodeBinary(HubStoreMigrationTests.light(2)))])
        var random = SystemRandomNumberGenerator()
        let hub = try AttestationIdentity.make(vendorID: 0xFFF1, productID: 0x8000, now: Self.now, using: &random)
        try old.run(
            "INSERT INTO matter_attestation (id, vendor_id, product_id, paa, pai, dac, dac_private_key, "
                + "certification_declaration) VALUES (1, 65521, 32768, ?, ?, ?, ?, ?)",
            [
                .blob(hub.paa), .blob(hub.pai), .blob(hub.dac), .blob(hub.dacPrivateKey),
                .blob(hub.certificationDeclaration),
            ])
        #expect(!(try columns(of: "simulated_devices").contains("on_network")))

        let store = try HubStore(path: path)
        #expect(try store.database.userVersion == HubStore.schemaVersion)
        let state = try #require(try store.load())
        #expect(state.fabric == FabricIdentity(fabricID: 7, compressedFabricID: 9))
        #expect(state.simulatedDevices[4]?.passcode == 20_202_021 && state.simulatedDevices[4]?.nodeID == 2)
        #expect(state.nodes[2]?.data == HubStoreMigrationTests.light(2) && state.nodes[2]?.bridgedEndpoints == [1: 2])
        #expect(try store.loadAttestation() == hub)
        #expect(try store.integrityCheck() == ["ok"])
        for table in [
            "matter_device_paa", "matter_device_pai", "device_matter_identity", "device_matter_fabric_table",
            "device_matter_fabrics",
        ] {
            #expect(try count(table) == 0, "\(table)")
        }
        #expect(try columns(of: "device_matter_identity").contains("udp_port"))
        #expect(
            try columns(of: "device_matter_fabrics") == ["device_id"]
                + FabricRecordRow.columns.split(separator: ", ").map(String.init))
        let database = try SQLiteDatabase(path: path)
        #expect(
            try database.query("SELECT on_network FROM simulated_devices WHERE id = 4").first?.first?.int64Value == 0)
        #expect(try database.query("SELECT membership FROM nodes WHERE id = 2").first?.first?.int64Value == 0)

        // The new tables work in the migrated file.
        var authority = try Self.authority()
        try store.saveDeviceAuthority(authority)
        let identity = try Self.identity(&authority)
        try store.saveDeviceMatterIdentity(identity, device: 4)
        #expect(try HubStore(path: path).loadDeviceMatterIdentity(device: 4) == identity)
    }

    @Test func aNewDatabaseHasTheDeviceTablesAndColumns() throws {
        _ = try HubStore(path: path)
        #expect(try SQLiteDatabase(path: path).userVersion == HubStore.schemaVersion)
        #expect(try columns(of: "simulated_devices").contains("on_network"))
        #expect(try columns(of: "nodes").contains("membership"))
        #expect(try columns(of: "matter_device_pai") == ["vendor_id", "certificate", "private_key"])
        #expect(
            try columns(of: "device_matter_identity") == [
                "device_id", "vendor_id", "product_id", "device_type_id", "dac", "dac_private_key",
                "certification_declaration", "pase_passcode", "pase_iterations", "pase_salt", "pase_verifier",
                "udp_port",
            ])
    }
}
