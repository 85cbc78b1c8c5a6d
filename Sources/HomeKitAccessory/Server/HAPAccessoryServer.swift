import MatterCrypto

/// The accessory side of the HomeKit Accessory Protocol over IP as a value (docs/homekit.md): its connections'
/// HTTP, Pair Setup, Pair Verify, the secured sessions, the pairings, the characteristics' reads, writes and
/// subscriptions, and events. Bytes, time and randomness in; actions out, in order (`HAPServerAction`). What it reads
/// and keeps goes through the owner's `HAPServerContext` for that call.
///
/// Nothing here waits: a write is handed to the owner (`HAPServerAction.write`), and the connection's answer, and any
/// request after it, waits for `writesAnswered`.
public struct HAPAccessoryServer {
    public private(set) var record: HAPAccessoryRecord
    var connections: [UInt64: HAPConnection] = [:]
    /// The connection a Pair Setup is in progress on: another is Busy until it ends.
    var pairSetupConnection: UInt64?
    /// No Pair Setup before this (monotonic ms) after repeated wrong codes.
    var pairSetupBackoffUntil: UInt64 = 0
    var nextTicket: UInt64 = 1
    let signingKey: Ed25519KeyPair

    /// Failed Pair Setups before the accessory refuses them for good (ADK `HAPPairingPairSetup.c`: 100).
    public static let maximumFailedSetupAttempts = 100
    /// Wrong codes answered at once before each further attempt waits, doubling from one second (capped at an hour).
    static let freeSetupAttempts = 5
    /// Pairings kept at most (the ADK requires 16 at least: `kHAPPairingStorage_MinElements`).
    public static let maximumPairings = 16

    public init(record: HAPAccessoryRecord) throws {
        self.record = record
        signingKey = try Ed25519KeyPair(seed: record.identity.signingSeed)
    }

    /// The accessory's long-term public key.
    public var publicKey: [UInt8] { signingKey.publicKey }

    public mutating func opened(_ connection: UInt64) {
        connections[connection] = HAPConnection(id: connection)
    }

    /// The connection is gone: its subscriptions, its Pair Setup and any write it waited for go with it.
    public mutating func closed(_ connection: UInt64) {
        connections[connection] = nil
        if pairSetupConnection == connection { pairSetupConnection = nil }
    }

    /// Bytes from a connection.
    public mutating func received(
        _ bytes: [UInt8], on id: UInt64, context: some HAPServerContext,
        using generator: inout some RandomNumberGenerator
    ) -> [HAPServerAction] {
        guard var connection = connections[id] else { return [] }
        var actions: [HAPServerAction] = []
        do {
            if var secure = connection.secure {
                secure.opener.append(bytes)
                while let plaintext = try secure.opener.next() {
                    connection.parser.append(plaintext)
                }
                connection.secure = secure
            } else {
                connection.parser.append(bytes)
            }
            while let request = try connection.parser.next() {
                if connection.waiting != nil {
                    connection.queued.append(request)
                    continue
                }
                connections[id] = connection
                actions += handle(request, on: id, context: context, using: &generator)
                guard let updated = connections[id] else { return actions }
                connection = updated
            }
            connections[id] = connection
        } catch {
            connections[id] = connection
            actions.append(.close(connection: id, reason: "\(error)"))
        }
        return actions
    }

    /// A message for the connection as the session frames it: sealed once it is secured.
    mutating func send(_ message: [UInt8], on id: UInt64) -> HAPServerAction? {
        guard var connection = connections[id] else { return nil }
        if var secure = connection.secure {
            guard let sealed = try? secure.sealer.seal(message) else {
                return .close(connection: id, reason: "the session could not seal a message")
            }
            connection.secure = secure
            connections[id] = connection
            return .send(connection: id, bytes: sealed)
        }
        return .send(connection: id, bytes: message)
    }

    mutating func respond(_ response: HAPResponse, on id: UInt64) -> [HAPServerAction] {
        send(response.encoded(), on: id).map { [$0] } ?? []
    }

    /// One request, routed by path (reference section 7): the pairing endpoints in plaintext, the rest only on a
    /// secured session (470 otherwise, as the ADK answers).
    mutating func handle(
        _ request: HAPRequest, on id: UInt64, context: some HAPServerContext,
        using generator: inout some RandomNumberGenerator
    ) -> [HAPServerAction] {
        guard let connection = connections[id] else { return [] }
        switch (request.method, request.path) {
        case ("POST", "/pair-setup"):
            guard !connection.isSecured else { return respond(HAPResponse(status: 400), on: id) }
            return pairSetup(request.body, on: id, context: context, using: &generator)
        case ("POST", "/pair-verify"):
            guard !connection.isSecured else { return respond(HAPResponse(status: 400), on: id) }
            return pairVerify(request.body, on: id, using: &generator)
        case ("POST", "/identify"):
            guard !record.isPaired else {
                return respond(.json(status: 400, HAPJSON.statusBody(.insufficientPrivileges)), on: id)
            }
            return [.identify] + respond(HAPResponse(status: 204), on: id)
        default: break
        }
        guard connection.isSecured else {
            return respond(.json(status: 470, HAPJSON.statusBody(.insufficientAuthorization)), on: id)
        }
        switch (request.method, request.path) {
        case ("GET", "/accessories"):
            return respond(.json(status: 200, HAPJSON.accessories(context.accessories())), on: id)
        case ("GET", "/characteristics"):
            return readCharacteristics(request, on: id, context: context)
        case ("PUT", "/characteristics"):
            return writeCharacteristics(request, on: id, context: context)
        case ("PUT", "/prepare"):
            return prepare(request, on: id, context: context)
        case ("POST", "/pairings"):
            return pairings(request.body, on: id, context: context)
        case (_, "/accessories"), (_, "/characteristics"), (_, "/prepare"), (_, "/pairings"), (_, "/pair-setup"),
            (_, "/pair-verify"), (_, "/identify"):
            return respond(HAPResponse(status: 405), on: id)
        default:
            return respond(HAPResponse(status: 404), on: id)
        }
    }

    /// Saves `changed` as the record; on success it becomes the record.
    mutating func keep(_ changed: HAPAccessoryRecord, context: some HAPServerContext) -> Bool {
        guard context.save(changed) else { return false }
        record = changed
        return true
    }

    /// The database changed (accessories came or went): `c#` goes up and the new fingerprint is kept. Returns whether
    /// it was saved.
    public mutating func databaseChanged(fingerprint: [UInt8], context: some HAPServerContext) -> Bool {
        guard fingerprint != record.databaseFingerprint else { return true }
        var changed = record
        // The first database an accessory has is configuration 1.
        if !record.databaseFingerprint.isEmpty {
            changed.configurationNumber = record.configurationNumber &+ 1
            if changed.configurationNumber == 0 { changed.configurationNumber = 1 }
        }
        changed.databaseFingerprint = fingerprint
        return keep(changed, context: context)
    }
}
