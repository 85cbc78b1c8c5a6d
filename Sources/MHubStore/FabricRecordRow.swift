import MatterNode

/// A `FabricRecord` as a row of `matter_fabrics` (the hub's) or `device_matter_fabrics` (a simulated device's, the
/// same columns after its `device_id`): one coding for both tables.
enum FabricRecordRow {
    /// The record's columns, in the order of `values` and `record(_:)`.
    static let columns =
        "fabric_index, rcac, icac, noc, operational_private_key, ipk_epoch_key, vendor_id, label, access_control"
    /// One `?` per column.
    static let placeholders = "?, ?, ?, ?, ?, ?, ?, ?, ?"

    static func values(_ record: FabricRecord) -> [SQLiteValue] {
        [
            .integer(Int64(record.fabricIndex)), .blob(record.rootCertificate),
            record.intermediateCertificate.map { .blob($0) } ?? .null, .blob(record.operationalCertificate),
            .blob(record.operationalPrivateKey), .blob(record.identityProtectionEpochKey),
            .integer(Int64(record.vendorID)), .text(record.label),
            .text(AccessControlCoding.encode(record.accessControl)),
        ]
    }

    /// The record of a row selected as `columns`.
    static func record(_ row: [SQLiteValue]) throws -> FabricRecord {
        let index = UInt8(truncatingIfNeeded: row[0].int64Value ?? 0)
        return FabricRecord(
            fabricIndex: index, rootCertificate: row[1].blobValue ?? [], intermediateCertificate: row[2].blobValue,
            operationalCertificate: row[3].blobValue ?? [], operationalPrivateKey: row[4].blobValue ?? [],
            identityProtectionEpochKey: row[5].blobValue ?? [],
            vendorID: UInt16(truncatingIfNeeded: row[6].int64Value ?? 0), label: row[7].stringValue ?? "",
            accessControl: try AccessControlCoding.decode(row[8].stringValue ?? "[]", fabricIndex: index))
    }
}
