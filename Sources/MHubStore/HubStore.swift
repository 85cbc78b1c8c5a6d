import Foundation
import MHubConfiguration
import MHubHub
import MHubJSON
import MHubProtocol
import MatterDataModel
import Synchronization

/// The hub's durable state in one SQLite database.
///
/// Every `HubOutcome`'s changes are committed in one transaction (WAL, `synchronous` as `sync` says) before its
/// replies leave, so what a reply acknowledges survives a crash of mhubd (and with `.full`, of the system). A file that is not mhub's database, or
/// is corrupt, or is from a newer mhub, stops the start with a message and is never overwritten.
///
/// - Important: Use from the daemon's queue only.
public final class HubStore {
    /// `PRAGMA application_id`: "mhub" in ASCII.
    public static let applicationID: Int32 = 0x6D68_7562
    /// The schema this version writes; older files are migrated forward step by step.
    public static let schemaVersion: Int32 = 9

    /// The connection; replaced by a new one when a rollback fails (`apply(_:)`).
    private(set) var database: SQLiteDatabase {
        didSet { statements = [:] }
    }
    /// `apply`'s statements by SQL, each prepared once on `database`: compiling a statement cost more than running
    /// it. Only row writes are kept here; the database keeps its transaction statements itself
    /// (`SQLiteDatabase.runTransactionStatement`), and compiles them again when a test's authorizer is set.
    private var statements: [String: SQLiteStatement] = [:]
    public let path: String
    /// How durable each commit is (`storage_sync`).
    public let sync: StorageSync
    /// Why the write-ahead log could not be given its length at the open (`preallocateWriteAheadLog`), if it could
    /// not: the store works, each commit's sync costs more.
    public private(set) var logPreallocationFailure: String?

    public struct OpenError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Opens (or creates) the database; returns the stored state, or `nil` when it is new.
    public init(path: String, sync: StorageSync = .full) throws(OpenError) {
        self.path = path
        self.sync = sync
        do {
            database = try SQLiteDatabase(path: path)
        } catch {
            throw OpenError(description: "\(path) cannot be opened as mhub's database: \(error)")
        }
        // Identity first, with reads only: a foreign file must not be changed, not even its journal mode.
        try checkIdentity()
        do {
            try database.configureForDurability(sync: sync)
        } catch {
            throw OpenError(description: "\(path): cannot enable WAL and \(sync.rawValue) sync: \(error)")
        }
        // With every commit synced, a log that grows makes each sync commit the file's length too: the log gets
        // its length before the first commit (`preallocateWriteAheadLog`). Unsynced commits gain nothing from it.
        // Without the space, the store works as well, its commits only cost more.
        if sync == .full {
            do {
                try database.preallocateWriteAheadLog()
            } catch {
                logPreallocationFailure = "\(error)"
            }
        }
    }

    /// What a clean stop leaves: every commit in the database file itself, the write-ahead log emptied (a log that
    /// held them instead until the next start, so a copy of the file alone, made after a stop, missed them).
    public func checkpoint() throws(SQLiteError) {
        try database.checkpointAndEmptyLog()
    }

    private func checkIdentity() throws(OpenError) {
        do {
            let application = try database.applicationID
            let version = try database.userVersion
            let tables = try database.query("SELECT count(*) FROM sqlite_master")
            let tableCount = tables.first?.first?.int64Value ?? 0
            if application == 0 && version == 0 && tableCount == 0 {
                try database.configureForDurability(sync: sync)
                try database.transaction {
                    for (index, migration) in Self.migrations.enumerated() {
                        try database.execute(migration)
                        try migrated(to: index + 1)
                    }
                    try database.setApplicationID(Self.applicationID)
                    try database.setUserVersion(Self.schemaVersion)
                }
            } else if application != Self.applicationID {
                throw OpenError(
                    description: "\(path) is a SQLite database of another program (application_id \(application)); "
                        + "mhub will not touch it")
            }
            let current = try database.userVersion
            if current > Self.schemaVersion {
                throw OpenError(
                    description: "\(path) has schema version \(current), newer than this mhub's \(Self.schemaVersion)")
            }
            for step in Int(current)..<Int(Self.schemaVersion) {
                try database.transaction {
                    try database.execute(Self.migrations[step])
                    try migrated(to: step + 1)
                    try database.setUserVersion(Int32(step + 1))
                }
            }
            let check = try database.integrityCheck()
            guard check == ["ok"] else {
                throw OpenError(description: "\(path) is corrupt: \(check.prefix(3).joined(separator: "; "))")
            }
        } catch let error as OpenError {
            throw error
        } catch {
            throw OpenError(description: "\(path) cannot be read as mhub's database: \(error)")
        }
    }

    /// Each step takes the schema from version N to N+1; index 0 creates it.
    static let migrations = [
        """
        CREATE TABLE fabric (id INTEGER PRIMARY KEY CHECK (id = 1), fabric_id INTEGER NOT NULL,
            compressed_fabric_id INTEGER NOT NULL);
        CREATE TABLE counters (id INTEGER PRIMARY KEY CHECK (id = 1), next_node_id INTEGER NOT NULL,
            next_structure_id INTEGER NOT NULL, next_room_id INTEGER NOT NULL,
            next_simulated_device_id INTEGER NOT NULL);
        CREATE TABLE structures (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE rooms (id INTEGER PRIMARY KEY, structure_id INTEGER NOT NULL, name TEXT NOT NULL);
        CREATE TABLE nodes (id INTEGER PRIMARY KEY, structure_id INTEGER NOT NULL, room_id INTEGER,
            name TEXT NOT NULL, template TEXT NOT NULL, simulated_device_id INTEGER,
            commissioned_at INTEGER NOT NULL, data TEXT NOT NULL);
        CREATE TABLE simulated_devices (id INTEGER PRIMARY KEY, template TEXT NOT NULL, name TEXT NOT NULL,
            vendor_id INTEGER NOT NULL, product_id INTEGER NOT NULL, discriminator INTEGER NOT NULL,
            passcode INTEGER NOT NULL, serial_number TEXT NOT NULL, node_id INTEGER);
        CREATE TABLE revoked_permissions (principal TEXT NOT NULL, structure_id INTEGER NOT NULL,
            PRIMARY KEY (principal, structure_id));
        """,
        // 1 → 2: the hub as a commissionee of other controllers (docs/matter.md): its attestation identity and
        // the fabrics it has joined (`HubStore+Matter.swift`).
        """
        CREATE TABLE matter_attestation (id INTEGER PRIMARY KEY CHECK (id = 1), vendor_id INTEGER NOT NULL,
            product_id INTEGER NOT NULL, paa BLOB NOT NULL, pai BLOB NOT NULL, dac BLOB NOT NULL,
            dac_private_key BLOB NOT NULL, certification_declaration BLOB NOT NULL);
        CREATE TABLE matter_fabric_table (id INTEGER PRIMARY KEY CHECK (id = 1), next_fabric_index INTEGER NOT NULL);
        CREATE TABLE matter_fabrics (fabric_index INTEGER PRIMARY KEY, rcac BLOB NOT NULL, icac BLOB,
            noc BLOB NOT NULL, operational_private_key BLOB NOT NULL, ipk_epoch_key BLOB NOT NULL,
            vendor_id INTEGER NOT NULL, label TEXT NOT NULL, access_control TEXT NOT NULL);
        """,
        // 2 → 3: the hub's devices bridged on its Matter node (docs/matter.md, "The bridge"): each node's bridged
        // endpoint numbers, and the number the next one gets (the nodes already stored are numbered by
        // `migrated(to:)` in the same transaction); the next event number, so events keep counting up across
        // restarts.
        """
        ALTER TABLE nodes ADD COLUMN bridged_endpoints TEXT NOT NULL DEFAULT '{}';
        ALTER TABLE counters ADD COLUMN next_bridged_endpoint INTEGER NOT NULL DEFAULT 2;
        ALTER TABLE counters ADD COLUMN next_event_number INTEGER NOT NULL DEFAULT 1;
        """,
        // 3 → 4: node data in the binary form (`NodeDataCodec.encodeBinary`) instead of JSON text, for a quicker start
        // with many nodes; `migrated(to:)` converts the stored nodes and drops the JSON column in the same transaction.
        """
        ALTER TABLE nodes ADD COLUMN node_data BLOB NOT NULL DEFAULT x'';
        """,
        // 4 → 5: what OHF clients set (the fabric label, Wi-Fi credentials, the Thread dataset), and each simulated
        // device's network ('' is its template's) and firmware (`HubStore+Preferences.swift`).
        """
        CREATE TABLE preferences (id INTEGER PRIMARY KEY CHECK (id = 1), fabric_label TEXT, wifi_ssid TEXT,
            wifi_credentials TEXT, thread_dataset BLOB);
        ALTER TABLE simulated_devices ADD COLUMN network TEXT NOT NULL DEFAULT '';
        ALTER TABLE simulated_devices ADD COLUMN firmware TEXT NOT NULL DEFAULT '';
        """,
        // 5 → 6: simulated devices as Matter nodes of their own (`HubStore+DeviceMatter.swift`): the authority that
        // attests them (one PAA, a PAI per vendor), each device's identity (DAC, CD, PASE verifier, its node's last
        // UDP port) and fabric table (`matter_fabrics`' columns after the device's id); whether a simulated device is
        // on the network, and whether a node is in the hub's home (0) or nearby, not in it (1).
        """
        CREATE TABLE matter_device_paa (id INTEGER PRIMARY KEY CHECK (id = 1), certificate BLOB NOT NULL,
            private_key BLOB NOT NULL);
        CREATE TABLE matter_device_pai (vendor_id INTEGER PRIMARY KEY, certificate BLOB NOT NULL,
            private_key BLOB NOT NULL);
        CREATE TABLE device_matter_identity (device_id INTEGER PRIMARY KEY, vendor_id INTEGER NOT NULL,
            product_id INTEGER NOT NULL, device_type_id INTEGER NOT NULL, dac BLOB NOT NULL,
            dac_private_key BLOB NOT NULL, certification_declaration BLOB NOT NULL, pase_passcode INTEGER NOT NULL,
            pase_iterations INTEGER NOT NULL, pase_salt BLOB NOT NULL, pase_verifier BLOB NOT NULL, udp_port INTEGER);
        CREATE TABLE device_matter_fabric_table (device_id INTEGER PRIMARY KEY, next_fabric_index INTEGER NOT NULL);
        CREATE TABLE device_matter_fabrics (device_id INTEGER NOT NULL, fabric_index INTEGER NOT NULL,
            rcac BLOB NOT NULL, icac BLOB, noc BLOB NOT NULL, operational_private_key BLOB NOT NULL,
            ipk_epoch_key BLOB NOT NULL, vendor_id INTEGER NOT NULL, label TEXT NOT NULL, access_control TEXT NOT NULL,
            PRIMARY KEY (device_id, fabric_index));
        ALTER TABLE simulated_devices ADD COLUMN on_network INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE nodes ADD COLUMN membership INTEGER NOT NULL DEFAULT 0;
        """,
        // 7: the hub's own fabric's root authority (its root key and RCAC, and its IPK epoch key), with which mhub puts
        // its fabric on a device on the network it commissions.
        """
        CREATE TABLE hub_fabric_authority (id INTEGER PRIMARY KEY CHECK (id = 1), fabric_id INTEGER NOT NULL,
            root_private_key BLOB NOT NULL, root_certificate BLOB NOT NULL, ipk_epoch_key BLOB NOT NULL);
        """,
        // 8: the HomeKit face (`HubStore+HomeKit.swift`): the accessory's identity (Device ID, Ed25519 seed, setup code
        // and ID), `c#` and the database it was set for, failed Pair Setups, and the controllers paired with it.
        """
        CREATE TABLE homekit_accessory (id INTEGER PRIMARY KEY CHECK (id = 1), device_id TEXT NOT NULL,
            signing_seed BLOB NOT NULL, setup_code TEXT NOT NULL, setup_id TEXT NOT NULL,
            configuration_number INTEGER NOT NULL, database_fingerprint BLOB NOT NULL,
            failed_setup_attempts INTEGER NOT NULL);
        CREATE TABLE homekit_pairings (identifier BLOB PRIMARY KEY, public_key BLOB NOT NULL, admin INTEGER NOT NULL,
            position INTEGER NOT NULL);
        """,
        // 9: the home's other Thread networks, which a Network Infrastructure Manager's directory lists
        // (`HubPreferences.threadDirectory`): each dataset as one length byte and its bytes.
        """
        ALTER TABLE preferences ADD COLUMN thread_directory BLOB NOT NULL DEFAULT x'';
        """,
    ]

    /// What a migration step does beyond its SQL, inside its transaction (also for a new database, which has no rows
    /// yet): at 3, the stored nodes' application endpoints get bridged endpoint numbers from 2 up, in node and
    /// endpoint order, as the hub gives them to new nodes; at 4, each node's JSON data is written in the binary form
    /// and the JSON column goes.
    private func migrated(to version: Int) throws {
        switch version {
        case 3: try numberBridgedEndpoints()
        case 4:
            for row in try database.query("SELECT id, data FROM nodes") {
                let data = try NodeDataCodec.decode(
                    JSONParser(maximumBytes: 64 << 20).parse(row[1].stringValue ?? "[]"))
                try database.run(
                    "UPDATE nodes SET node_data = ? WHERE id = ?", [.blob(NodeDataCodec.encodeBinary(data)), row[0]])
            }
            try database.execute("ALTER TABLE nodes DROP COLUMN data")
        default: break
        }
    }

    /// The schema-3 step's numbering of the stored nodes' bridged endpoints.
    private func numberBridgedEndpoints() throws {
        var next: Int64 = 2
        for row in try database.query("SELECT id, data FROM nodes ORDER BY id") {
            let data = try NodeDataCodec.decode(JSONParser(maximumBytes: 64 << 20).parse(row[1].stringValue ?? "[]"))
            var numbers: [EndpointID: EndpointID] = [:]
            for endpoint in data.endpoints.keys.sorted() where endpoint != 0 && next <= 0xFFFE {
                numbers[endpoint] = EndpointID(next)
                next += 1
            }
            try database.run(
                "UPDATE nodes SET bridged_endpoints = ? WHERE id = ?", [.text(Self.encode(numbers)), row[0]])
        }
        try database.run("UPDATE counters SET next_bridged_endpoint = ?", [.integer(next)])
    }

    /// A node's bridged endpoint numbers as stored: `{"device endpoint": bridged endpoint}`.
    static func encode(_ numbers: [EndpointID: EndpointID]) -> String {
        JSONWriter.compact(
            .object(Dictionary(uniqueKeysWithValues: numbers.map { (String($0.key), .integer(Int64($0.value))) })))
    }

    static func decodeBridgedEndpoints(_ text: String) -> [EndpointID: EndpointID] {
        // What every node but a bridge has: not worth a parser.
        if text == "{}" { return [:] }
        guard case .object(let members)? = try? JSONParser().parse(text) else { return [:] }
        var numbers: [EndpointID: EndpointID] = [:]
        for (key, value) in members {
            guard let device = EndpointID(key), case .integer(let bridged) = value,
                let number = EndpointID(exactly: bridged)
            else { continue }
            numbers[device] = number
        }
        return numbers
    }

    /// Each blob's node data, in order: the blobs in one run per CPU (a run for every 256 at most), each run with a
    /// decoder of its own, so equal parts of different nodes share storage within a run (`NodeDataDecoder`).
    static func decodeNodeData(_ blobs: [[UInt8]]) -> [Result<NodeData, NodeDataCodec.DecodingError>] {
        let runs = max(1, min(ProcessInfo.processInfo.activeProcessorCount, blobs.count / 256))
        let decoded = Mutex([[Result<NodeData, NodeDataCodec.DecodingError>]](repeating: [], count: runs))
        DispatchQueue.concurrentPerform(iterations: runs) { run in
            let range = (blobs.count * run / runs)..<(blobs.count * (run + 1) / runs)
            var decoder = NodeDataDecoder()
            let results = blobs[range].map { blob in
                Result { () throws(NodeDataCodec.DecodingError) in try decoder.decode(blob) }
            }
            decoded.withLock { $0[run] = results }
        }
        return decoded.withLock { $0.flatMap { $0 } }
    }

    /// The stored state, or `nil` for a database with no fabric yet (a first start).
    public func load() throws(OpenError) -> HubState? {
        do {
            guard let fabricRow = try database.query("SELECT fabric_id, compressed_fabric_id FROM fabric").first else {
                return nil
            }
            var state = HubState(
                fabric: FabricIdentity(
                    fabricID: UInt64(bitPattern: fabricRow[0].int64Value ?? 0),
                    compressedFabricID: UInt64(bitPattern: fabricRow[1].int64Value ?? 0)))
            if let row = try database.query(
                "SELECT next_node_id, next_structure_id, next_room_id, next_simulated_device_id, next_bridged_endpoint, "
                    + "next_event_number FROM counters"
            ).first {
                state.counters.nextNodeID = NodeID(row[0].int64Value ?? 1)
                state.counters.nextStructureID = row[1].int64Value ?? 1
                state.counters.nextRoomID = row[2].int64Value ?? 1
                state.counters.nextSimulatedDeviceID = row[3].int64Value ?? 1
                state.counters.nextBridgedEndpoint = EndpointID(clamping: row[4].int64Value ?? 2)
                state.counters.nextEventNumber = UInt64(max(1, row[5].int64Value ?? 1))
            }
            for row in try database.query("SELECT id, name FROM structures") {
                let id = row[0].int64Value ?? 0
                state.structures[id] = Structure(id: id, name: row[1].stringValue ?? "")
            }
            for row in try database.query("SELECT id, structure_id, name FROM rooms") {
                let id = row[0].int64Value ?? 0
                state.rooms[id] = Room(id: id, structureID: row[1].int64Value ?? 0, name: row[2].stringValue ?? "")
            }
            for row in try database.query(
                "SELECT id, template, name, vendor_id, product_id, discriminator, passcode, serial_number, node_id, "
                    + "network, firmware, on_network FROM simulated_devices")
            {
                let id = row[0].int64Value ?? 0
                state.simulatedDevices[id] = SimulatedDevice(
                    id: id, template: row[1].stringValue ?? "", name: row[2].stringValue ?? "",
                    vendorID: UInt16(truncatingIfNeeded: row[3].int64Value ?? 0),
                    productID: UInt16(truncatingIfNeeded: row[4].int64Value ?? 0),
                    discriminator: UInt16(truncatingIfNeeded: row[5].int64Value ?? 0),
                    passcode: UInt32(truncatingIfNeeded: row[6].int64Value ?? 0),
                    serialNumber: row[7].stringValue ?? "", nodeID: row[8].int64Value.map { NodeID($0) })
                state.simulatedDevices[id]?.network = DeviceNetwork(rawValue: row[9].stringValue ?? "")
                state.simulatedDevices[id]?.firmware = Self.decodeFirmware(row[10].stringValue ?? "")
                state.simulatedDevices[id]?.onNetwork = (row[11].int64Value ?? 0) != 0
            }
            // The rows first, then their node data decoded on every CPU (`decodeNodeData`), then the nodes.
            let statement = try database.prepare(
                "SELECT id, structure_id, room_id, name, template, simulated_device_id, commissioned_at, "
                    + "bridged_endpoints, membership, node_data FROM nodes")
            var rows: [[SQLiteValue]] = []
            var blobs: [[UInt8]] = []
            while try statement.step() {
                rows.append((0..<9).map { statement.column($0) })
                blobs.append(statement.withBytes(ofColumn: 9) { Array($0) })
            }
            let decoded = Self.decodeNodeData(blobs)
            blobs = []
            for (row, result) in zip(rows, decoded) {
                let id = NodeID(row[0].int64Value ?? 0)
                let data: NodeData
                switch result {
                case .success(let value): data = value
                case .failure(let error):
                    throw OpenError(description: "\(path): node \(id) has unreadable data: \(error)")
                }
                state.nodes[id] = Node(
                    id: id, structureID: row[1].int64Value ?? 0, roomID: row[2].int64Value,
                    name: row[3].stringValue ?? "", template: row[4].stringValue ?? "",
                    simulatedDeviceID: row[5].int64Value, commissionedAt: row[6].int64Value ?? 0, data: data,
                    bridgedEndpoints: Self.decodeBridgedEndpoints(row[7].stringValue ?? "{}"))
                state.nodes[id]?.membership = Node.Membership(rawValue: Int(row[8].int64Value ?? 0)) ?? .home
            }
            state.linkNetworkNodes()
            for row in try database.query("SELECT principal, structure_id FROM revoked_permissions") {
                state.revoked.insert(
                    HubState.PermissionKey(
                        principal: Principal(row[0].stringValue ?? ""), structureID: row[1].int64Value ?? 0))
            }
            state.preferences = try loadPreferences()
            return state
        } catch let error as OpenError {
            throw error
        } catch {
            throw OpenError(description: "\(path) cannot be read: \(error)")
        }
    }

    /// Commits the changes in one transaction; on error nothing of them is written.
    ///
    /// If the transaction cannot even be rolled back, the connection is closed, which rolls it back, and a new
    /// one opened, so the next call starts clean; should the new one not open, the next call tries again.
    public func apply(_ changes: [StoreChange]) throws {
        guard !changes.isEmpty else { return }
        do {
            try database.transaction {
                for change in changes {
                    try apply(change)
                }
            }
        } catch {
            if database.hasUnfinishedRollback {
                reopen()
            }
            throw error
        }
    }

    /// Replaces the connection with a new one, set up as at the start; keeps the old one if that fails.
    private func reopen() {
        guard let fresh = try? SQLiteDatabase(path: path, create: false),
            (try? fresh.configureForDurability(sync: sync)) != nil
        else { return }
        database = fresh
    }

    /// Runs one of `apply`'s row writes through its cached statement, left reset for the transaction's end.
    private func write(_ sql: String, _ bindings: [SQLiteValue]) throws(SQLiteError) {
        let statement: SQLiteStatement
        if let cached = statements[sql] {
            statement = cached
        } else {
            statement = try database.prepare(sql)
            statements[sql] = statement
        }
        defer { statement.reset() }
        try statement.bind(bindings)
        while try statement.step() {}
    }

    private func apply(_ change: StoreChange) throws {
        switch change {
        case .saveFabric(let fabric):
            try write(
                "INSERT OR REPLACE INTO fabric (id, fabric_id, compressed_fabric_id) VALUES (1, ?, ?)",
                [.integer(Int64(bitPattern: fabric.fabricID)), .integer(Int64(bitPattern: fabric.compressedFabricID))])
        case .saveCounters(let counters):
            try write(
                "INSERT OR REPLACE INTO counters (id, next_node_id, next_structure_id, next_room_id, "
                    + "next_simulated_device_id, next_bridged_endpoint, next_event_number) VALUES (1, ?, ?, ?, ?, ?, ?)",
                [
                    .integer(Int64(counters.nextNodeID)), .integer(counters.nextStructureID),
                    .integer(counters.nextRoomID), .integer(counters.nextSimulatedDeviceID),
                    .integer(Int64(counters.nextBridgedEndpoint)), .integer(Int64(clamping: counters.nextEventNumber)),
                ])
        case .saveStructure(let structure):
            try write(
                "INSERT OR REPLACE INTO structures (id, name) VALUES (?, ?)",
                [.integer(structure.id), .text(structure.name)])
        case .deleteStructure(let id):
            try write("DELETE FROM structures WHERE id = ?", [.integer(id)])
        case .saveRoom(let room):
            try write(
                "INSERT OR REPLACE INTO rooms (id, structure_id, name) VALUES (?, ?, ?)",
                [.integer(room.id), .integer(room.structureID), .text(room.name)])
        case .deleteRoom(let id):
            try write("DELETE FROM rooms WHERE id = ?", [.integer(id)])
        case .saveNode(let node):
            try write(
                "INSERT OR REPLACE INTO nodes (id, structure_id, room_id, name, template, simulated_device_id, "
                    + "commissioned_at, node_data, bridged_endpoints, membership) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    .integer(Int64(node.id)), .integer(node.structureID), node.roomID.map { .integer($0) } ?? .null,
                    .text(node.name), .text(node.template), node.simulatedDeviceID.map { .integer($0) } ?? .null,
                    .integer(node.commissionedAt), .blob(NodeDataCodec.encodeBinary(node.data)),
                    .text(Self.encode(node.bridgedEndpoints)), .integer(Int64(node.membership.rawValue)),
                ])
        case .deleteNode(let id):
            try write("DELETE FROM nodes WHERE id = ?", [.integer(Int64(id))])
        case .saveSimulatedDevice(let device):
            try write(
                "INSERT OR REPLACE INTO simulated_devices (id, template, name, vendor_id, product_id, discriminator, "
                    + "passcode, serial_number, node_id, network, firmware, on_network) "
                    + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    .integer(device.id), .text(device.template), .text(device.name), .integer(Int64(device.vendorID)),
                    .integer(Int64(device.productID)), .integer(Int64(device.discriminator)),
                    .integer(Int64(device.passcode)), .text(device.serialNumber),
                    device.nodeID.map { .integer(Int64($0)) } ?? .null, .text(device.network?.rawValue ?? ""),
                    .text(Self.encode(device.firmware)), .integer(device.onNetwork ? 1 : 0),
                ])
        case .deleteSimulatedDevice(let id):
            try write("DELETE FROM simulated_devices WHERE id = ?", [.integer(id)])
            // Its own node's identity and fabrics go with it; the authority that attested it stays.
            try write("DELETE FROM device_matter_identity WHERE device_id = ?", [.integer(id)])
            try write("DELETE FROM device_matter_fabric_table WHERE device_id = ?", [.integer(id)])
            try write("DELETE FROM device_matter_fabrics WHERE device_id = ?", [.integer(id)])
        case .savePermission(let principal, let structureID, let granted):
            if granted {
                try write(
                    "DELETE FROM revoked_permissions WHERE principal = ? AND structure_id = ?",
                    [.text(principal.name), .integer(structureID)])
            } else {
                try write(
                    "INSERT OR REPLACE INTO revoked_permissions (principal, structure_id) VALUES (?, ?)",
                    [.text(principal.name), .integer(structureID)])
            }
        case .savePreferences(let preferences):
            try write(
                "INSERT OR REPLACE INTO preferences (id, fabric_label, wifi_ssid, wifi_credentials, thread_dataset, "
                    + "thread_directory) VALUES (1, ?, ?, ?, ?, ?)",
                [
                    preferences.fabricLabel.map { .text($0) } ?? .null,
                    preferences.wifi.map { .text($0.ssid) } ?? .null,
                    preferences.wifi.map { .text($0.credentials) } ?? .null,
                    preferences.threadDataset.map { .blob($0.bytes) } ?? .null,
                    .blob(Self.encode(directory: preferences.threadDirectory)),
                ])
        case .deleteAll:
            // The hub's own Matter state (attestation, fabrics) and the devices' authority stay, as the hub does.
            try database.execute(
                "DELETE FROM structures; DELETE FROM rooms; DELETE FROM nodes; DELETE FROM simulated_devices; "
                    + "DELETE FROM revoked_permissions; DELETE FROM counters; DELETE FROM device_matter_identity; "
                    + "DELETE FROM device_matter_fabric_table; DELETE FROM device_matter_fabrics;")
        }
    }

    /// PRAGMA integrity_check, for tests and `get_status`.
    public func integrityCheck() throws -> [String] {
        try database.integrityCheck()
    }
}
