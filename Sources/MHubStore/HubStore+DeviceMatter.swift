import MatterCredentials
import MatterNode

/// The simulated devices' own Matter nodes in the hub's database: the authority that attests them, each device's
/// identity and each device's fabric table. Each save is one transaction, as the hub's own (`HubStore+Matter.swift`);
/// `StoreChange.deleteSimulatedDevice` removes a device's rows with the device.
extension HubStore {
    /// The devices' attestation authority, or `nil` before the first device was given one.
    public func loadDeviceAuthority() throws -> AttestationAuthority? {
        guard let paa = try database.query("SELECT certificate, private_key FROM matter_device_paa").first else {
            return nil
        }
        var pais: [UInt16: AttestationAuthority.KeyedCertificate] = [:]
        for row in try database.query("SELECT vendor_id, certificate, private_key FROM matter_device_pai") {
            pais[UInt16(truncatingIfNeeded: row[0].int64Value ?? 0)] = AttestationAuthority.KeyedCertificate(
                certificate: row[1].blobValue ?? [], privateKey: row[2].blobValue ?? [])
        }
        return AttestationAuthority(
            paa: AttestationAuthority.KeyedCertificate(
                certificate: paa[0].blobValue ?? [], privateKey: paa[1].blobValue ?? []),
            pais: pais)
    }

    /// Stores the PAA and every PAI of `authority` (a PAI stored before and not in it stays); saving the same
    /// authority again changes nothing.
    public func saveDeviceAuthority(_ authority: AttestationAuthority) throws {
        try database.transaction {
            try database.run(
                "INSERT OR REPLACE INTO matter_device_paa (id, certificate, private_key) VALUES (1, ?, ?)",
                [.blob(authority.paa.certificate), .blob(authority.paa.privateKey)])
            for (vendorID, pai) in authority.pais.sorted(by: { $0.key < $1.key }) {
                try database.run(
                    "INSERT OR REPLACE INTO matter_device_pai (vendor_id, certificate, private_key) VALUES (?, ?, ?)",
                    [.integer(Int64(vendorID)), .blob(pai.certificate), .blob(pai.privateKey)])
            }
        }
    }

    /// The device's identity, or `nil` when none is stored (or the authority's PAA or its vendor's PAI is not,
    /// since the identity's chain needs them).
    public func loadDeviceMatterIdentity(device: Int64) throws -> DeviceMatterIdentity? {
        guard
            let row = try database.query(
                "SELECT i.vendor_id, i.product_id, i.device_type_id, i.dac, i.dac_private_key, "
                    + "i.certification_declaration, i.pase_passcode, i.pase_iterations, i.pase_salt, i.pase_verifier, "
                    + "i.udp_port, paa.certificate, pai.certificate FROM device_matter_identity AS i "
                    + "JOIN matter_device_pai AS pai ON pai.vendor_id = i.vendor_id JOIN matter_device_paa AS paa "
                    + "WHERE i.device_id = ?",
                [.integer(device)]
            ).first
        else { return nil }
        let attestation = AttestationIdentity(
            vendorID: UInt16(truncatingIfNeeded: row[0].int64Value ?? 0),
            productID: UInt16(truncatingIfNeeded: row[1].int64Value ?? 0), paa: row[11].blobValue ?? [],
            pai: row[12].blobValue ?? [], dac: row[3].blobValue ?? [], dacPrivateKey: row[4].blobValue ?? [],
            certificationDeclaration: row[5].blobValue ?? [])
        return DeviceMatterIdentity(
            attestation: attestation, deviceTypeID: UInt32(truncatingIfNeeded: row[2].int64Value ?? 0),
            passcode: UInt32(truncatingIfNeeded: row[6].int64Value ?? 0),
            iterations: UInt32(truncatingIfNeeded: row[7].int64Value ?? 0), salt: row[8].blobValue ?? [],
            verifier: row[9].blobValue ?? [], udpPort: row[10].int64Value.map { UInt16(truncatingIfNeeded: $0) })
    }

    /// Stores the device's identity, replacing the one stored. Its PAA and PAI are the authority's, stored with
    /// `saveDeviceAuthority`, not here.
    public func saveDeviceMatterIdentity(_ identity: DeviceMatterIdentity, device: Int64) throws {
        let attestation = identity.attestation
        try database.transaction {
            try database.run(
                "INSERT OR REPLACE INTO device_matter_identity (device_id, vendor_id, product_id, device_type_id, dac, "
                    + "dac_private_key, certification_declaration, pase_passcode, pase_iterations, pase_salt, "
                    + "pase_verifier, udp_port) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    .integer(device), .integer(Int64(attestation.vendorID)), .integer(Int64(attestation.productID)),
                    .integer(Int64(identity.deviceTypeID)), .blob(attestation.dac), .blob(attestation.dacPrivateKey),
                    .blob(attestation.certificationDeclaration), .integer(Int64(identity.passcode)),
                    .integer(Int64(identity.iterations)), .blob(identity.salt), .blob(identity.verifier),
                    identity.udpPort.map { .integer(Int64($0)) } ?? .null,
                ])
        }
    }

    /// Records the UDP port the device's node bound; does nothing for a device with no identity stored.
    public func saveDeviceUDPPort(_ port: UInt16, device: Int64) throws {
        try database.run(
            "UPDATE device_matter_identity SET udp_port = ? WHERE device_id = ?",
            [.integer(Int64(port)), .integer(device)])
    }

    /// The device's fabric table: empty when none is stored.
    public func loadFabricTable(device: Int64) throws -> FabricTable {
        let next =
            try database.query(
                "SELECT next_fabric_index FROM device_matter_fabric_table WHERE device_id = ?", [.integer(device)]
            ).first?.first?.int64Value ?? 1
        let records = try database.query(
            "SELECT \(FabricRecordRow.columns) FROM device_matter_fabrics WHERE device_id = ? ORDER BY fabric_index",
            [.integer(device)]
        ).map { row in try FabricRecordRow.record(row) }
        return FabricTable(records: records, nextFabricIndex: UInt8(clamping: next))
    }

    /// Replaces the device's stored table with `table`, whole, in one transaction.
    public func saveFabricTable(_ table: FabricTable, device: Int64) throws {
        try database.transaction {
            try database.run("DELETE FROM device_matter_fabrics WHERE device_id = ?", [.integer(device)])
            for record in table.ordered {
                try database.run(
                    "INSERT INTO device_matter_fabrics (device_id, \(FabricRecordRow.columns)) "
                        + "VALUES (?, \(FabricRecordRow.placeholders))",
                    [.integer(device)] + FabricRecordRow.values(record))
            }
            try database.run(
                "INSERT OR REPLACE INTO device_matter_fabric_table (device_id, next_fabric_index) VALUES (?, ?)",
                [.integer(device), .integer(Int64(table.nextFabricIndex))])
        }
    }
}

extension HubStore {
    /// The root authority of the hub's own fabric, or `nil` before it was made.
    public func loadHubFabricAuthority() throws -> FabricAuthority? {
        guard
            let row = try database.query(
                "SELECT fabric_id, root_private_key, root_certificate, ipk_epoch_key FROM hub_fabric_authority"
            ).first
        else { return nil }
        return FabricAuthority(
            fabricID: UInt64(bitPattern: row[0].int64Value ?? 0), rootPrivateKey: row[1].blobValue ?? [],
            rootCertificate: row[2].blobValue ?? [], identityProtectionEpochKey: row[3].blobValue ?? [])
    }

    public func saveHubFabricAuthority(_ authority: FabricAuthority) throws {
        try database.transaction {
            try database.run(
                "INSERT OR REPLACE INTO hub_fabric_authority (id, fabric_id, root_private_key, root_certificate, "
                    + "ipk_epoch_key) VALUES (1, ?, ?, ?, ?)",
                [
                    .integer(Int64(bitPattern: authority.fabricID)), .blob(authority.rootPrivateKey),
                    .blob(authority.rootCertificate), .blob(authority.identityProtectionEpochKey),
                ])
        }
    }
}
