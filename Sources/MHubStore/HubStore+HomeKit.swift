import HomeKitAccessory

/// The HomeKit face's record (`HAPAccessoryRecord`): one row of identity and counters, a row per pairing in the order
/// they were made. The HomeKit port saves it whole before any answer that depends on it leaves (a pairing made, added
/// or removed; `c#` moved).
extension HubStore {
    /// The record, or nil before the face first started.
    public func loadHomeKit() throws -> HAPAccessoryRecord? {
        guard
            let row = try database.query(
                "SELECT device_id, signing_seed, setup_code, setup_id, configuration_number, database_fingerprint, "
                    + "failed_setup_attempts FROM homekit_accessory"
            ).first
        else { return nil }
        let identity = HAPAccessoryIdentity(
            deviceID: row[0].stringValue ?? "", signingSeed: row[1].blobValue ?? [],
            setupCode: row[2].stringValue ?? "", setupID: row[3].stringValue ?? "")
        let pairings = try database.query(
            "SELECT identifier, public_key, admin FROM homekit_pairings ORDER BY position"
        ).map { pairing in
            HAPPairing(
                identifier: pairing[0].blobValue ?? [], publicKey: pairing[1].blobValue ?? [],
                isAdmin: pairing[2].int64Value == 1)
        }
        return HAPAccessoryRecord(
            identity: identity, pairings: pairings,
            configurationNumber: UInt32(truncatingIfNeeded: row[4].int64Value ?? 1),
            databaseFingerprint: row[5].blobValue ?? [], failedSetupAttempts: Int(row[6].int64Value ?? 0))
    }

    /// Replaces the stored record with `record`, in one transaction.
    public func saveHomeKit(_ record: HAPAccessoryRecord) throws {
        try database.transaction {
            try database.run(
                "INSERT OR REPLACE INTO homekit_accessory (id, device_id, signing_seed, setup_code, setup_id, "
                    + "configuration_number, database_fingerprint, failed_setup_attempts) VALUES (1, ?, ?, ?, ?, ?, ?, ?)",
                [
                    .text(record.identity.deviceID), .blob(record.identity.signingSeed),
                    .text(record.identity.setupCode), .text(record.identity.setupID),
                    .integer(Int64(record.configurationNumber)), .blob(record.databaseFingerprint),
                    .integer(Int64(record.failedSetupAttempts)),
                ])
            try database.run("DELETE FROM homekit_pairings")
            for (position, pairing) in record.pairings.enumerated() {
                try database.run(
                    "INSERT INTO homekit_pairings (identifier, public_key, admin, position) VALUES (?, ?, ?, ?)",
                    [
                        .blob(pairing.identifier), .blob(pairing.publicKey), .integer(pairing.isAdmin ? 1 : 0),
                        .integer(Int64(position)),
                    ])
            }
        }
    }
}
