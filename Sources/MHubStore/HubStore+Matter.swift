import MHubJSON
import MatterCredentials
import MatterNode

/// The hub's Matter commissionee state in the same database: its attestation identity (made at first start) and
/// the fabric table. Each save is one transaction, so after a crash at any moment the table is the old one or the
/// new one, never a mix.
extension HubStore {
    public func loadAttestation() throws -> AttestationIdentity? {
        guard
            let row = try database.query(
                "SELECT vendor_id, product_id, paa, pai, dac, dac_private_key, certification_declaration "
                    + "FROM matter_attestation"
            ).first
        else { return nil }
        return AttestationIdentity(
            vendorID: UInt16(truncatingIfNeeded: row[0].int64Value ?? 0),
            productID: UInt16(truncatingIfNeeded: row[1].int64Value ?? 0), paa: row[2].blobValue ?? [],
            pai: row[3].blobValue ?? [], dac: row[4].blobValue ?? [], dacPrivateKey: row[5].blobValue ?? [],
            certificationDeclaration: row[6].blobValue ?? [])
    }

    public func saveAttestation(_ identity: AttestationIdentity) throws {
        try database.transaction {
            try database.run(
                "INSERT OR REPLACE INTO matter_attestation (id, vendor_id, product_id, paa, pai, dac, dac_private_key, "
                    + "certification_declaration) VALUES (1, ?, ?, ?, ?, ?, ?, ?)",
                [
                    .integer(Int64(identity.vendorID)), .integer(Int64(identity.productID)), .blob(identity.paa),
                    .blob(identity.pai), .blob(identity.dac), .blob(identity.dacPrivateKey),
                    .blob(identity.certificationDeclaration),
                ])
        }
    }

    public func loadFabricTable() throws -> FabricTable {
        let next = try database.query("SELECT next_fabric_index FROM matter_fabric_table").first?.first?.int64Value ?? 1
        let records = try database.query(
            "SELECT \(FabricRecordRow.columns) FROM matter_fabrics ORDER BY fabric_index"
        ).map(FabricRecordRow.record)
        return FabricTable(records: records, nextFabricIndex: UInt8(clamping: next))
    }

    /// Replaces the stored table with `table`, whole, in one transaction.
    public func saveFabricTable(_ table: FabricTable) throws {
        try database.transaction {
            try database.run("DELETE FROM matter_fabrics")
            for record in table.ordered {
                try database.run(
                    "INSERT INTO matter_fabrics (\(FabricRecordRow.columns)) VALUES (\(FabricRecordRow.placeholders))",
                    FabricRecordRow.values(record))
            }
            try database.run(
                "INSERT OR REPLACE INTO matter_fabric_table (id, next_fabric_index) VALUES (1, ?)",
                [.integer(Int64(table.nextFabricIndex))])
        }
    }
}

/// Access control entries as JSON text in their row: `[{"privilege": 5, "auth_mode": 2, "subjects": [112233] | null,
/// "targets": [{"cluster": …, "endpoint": …, "device_type": …}] | null}]`.
enum AccessControlCoding {
    static func encode(_ entries: [AccessControlEntry]) -> String {
        JSONWriter.compact(
            .array(
                entries.map { entry in
                    [
                        "privilege": .integer(Int64(entry.privilege.rawValue)),
                        "auth_mode": .integer(Int64(entry.authMode.rawValue)),
                        "subjects": entry.subjects.map { .array($0.map { .integer(Int64(bitPattern: $0)) }) } ?? .null,
                        "targets": entry.targets.map { targets in
                            .array(
                                targets.map { target in
                                    [
                                        "cluster": target.cluster.map { .integer(Int64($0)) } ?? .null,
                                        "endpoint": target.endpoint.map { .integer(Int64($0)) } ?? .null,
                                        "device_type": target.deviceType.map { .integer(Int64($0)) } ?? .null,
                                    ]
                                })
                        } ?? .null,
                    ]
                }))
    }

    struct DecodingError: Error, CustomStringConvertible {
        var description: String
    }

    static func decode(_ text: String, fabricIndex: UInt8) throws -> [AccessControlEntry] {
        guard case .array(let items) = try JSONParser().parse(Array(text.utf8)) else {
            throw DecodingError(description: "access control of fabric \(fabricIndex) is not a list")
        }
        return try items.map { item in
            guard case .integer(let privilege)? = item["privilege"],
                let level = AccessControlEntry.Privilege(rawValue: UInt8(truncatingIfNeeded: privilege)),
                case .integer(let mode)? = item["auth_mode"],
                let authMode = AccessControlEntry.AuthMode(rawValue: UInt8(truncatingIfNeeded: mode))
            else { throw DecodingError(description: "an access control entry of fabric \(fabricIndex) is malformed") }
            var subjects: [UInt64]?
            if case .array(let values)? = item["subjects"] {
                subjects = values.compactMap { if case .integer(let id) = $0 { UInt64(bitPattern: id) } else { nil } }
            }
            var targets: [AccessControlEntry.Target]?
            if case .array(let values)? = item["targets"] {
                targets = values.map { target in
                    func number(_ key: String) -> Int64? {
                        if case .integer(let value)? = target[key] { value } else { nil }
                    }
                    return AccessControlEntry.Target(
                        cluster: number("cluster").map { UInt32(truncatingIfNeeded: $0) },
                        endpoint: number("endpoint").map { UInt16(truncatingIfNeeded: $0) },
                        deviceType: number("device_type").map { UInt32(truncatingIfNeeded: $0) })
                }
            }
            return AccessControlEntry(
                privilege: level, authMode: authMode, subjects: subjects, targets: targets, fabricIndex: fabricIndex)
        }
    }
}
