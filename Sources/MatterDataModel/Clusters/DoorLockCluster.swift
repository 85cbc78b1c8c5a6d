extension ClusterDefinition {
    /// Door Lock (0x0101), revision 8, with no optional features (no PIN, users or schedules).
    ///
    /// Source: CHIP SDK `data_model/1.4/clusters/DoorLock.xml`. LockState is 0 NotFullyLocked, 1 Locked,
    /// 2 Unlocked (3 Unlatched needs the Unbolting feature); LockType 0 is a dead bolt. In
    /// SupportedOperatingModes a cleared bit means supported, so 0xFFF6 offers Normal and
    /// NoRemoteLockUnlock. The lock commands require a timed invoke; their PINCode applies only with the
    /// PIN and COTA features.
    public static let doorLock = ClusterDefinition(
        id: 0x0101, name: "DoorLock", revision: 8,
        attributes: [
            AttributeDefinition(
                id: 0x0000, name: "lockState", type: .enum8, nullable: true, range: 0...2, default: .unsigned(1)),
            AttributeDefinition(id: 0x0001, name: "lockType", type: .enum8, range: 0...11, default: .unsigned(0)),
            AttributeDefinition(id: 0x0002, name: "actuatorEnabled", type: .bool, default: .bool(true)),
            AttributeDefinition(
                id: 0x0023, name: "autoRelockTime", type: .uint32, writable: true, writePrivilege: .manage,
                default: .unsigned(0)),
            AttributeDefinition(
                id: 0x0024, name: "soundVolume", type: .enum8, writable: true, writePrivilege: .manage, range: 0...3,
                default: .unsigned(0)),
            AttributeDefinition(
                id: 0x0025, name: "operatingMode", type: .enum8, writable: true, writePrivilege: .manage, range: 0...4,
                default: .unsigned(0)),
            AttributeDefinition(
                id: 0x0026, name: "supportedOperatingModes", type: .bitmap16, default: .unsigned(0xFFF6)),
            AttributeDefinition(
                id: 0x0029, name: "enableOneTouchLocking", type: .bool, writable: true, writePrivilege: .manage,
                default: .bool(false)),
        ],
        commands: [
            CommandDefinition(id: 0x00, name: "LockDoor", fields: [pinCode(tag: 0)], timed: true),
            CommandDefinition(id: 0x01, name: "UnlockDoor", fields: [pinCode(tag: 0)], timed: true),
            CommandDefinition(
                id: 0x03, name: "UnlockWithTimeout",
                fields: [CommandField(id: 0, name: "timeout", type: .uint16), pinCode(tag: 1)], timed: true),
        ]
    )
}

/// The optional PINCode field of the lock commands; the specification gives it no maximum length.
private func pinCode(tag: UInt32) -> CommandField {
    CommandField(id: tag, name: "PINCode", type: .bytes(maxLength: 255), optional: true)
}
