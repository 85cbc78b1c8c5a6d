import Foundation
import HomeKitAccessory
import MatterCrypto

/// A test's accessory server: a small attribute database, a store that keeps what the server saves, a controller
/// whose keys the test knows, and a session secured by Pair Verify done the way a controller does it.
final class HAPServerHarness {
    static let controllerID = Array("5E3B0C6A-4B1D-4D8A-9B1E-2F9F0C7A1D22".utf8)
    static let controllerKey = try! Ed25519KeyPair(seed: Array(repeating: 9, count: 32))
    static let identity = HAPAccessoryIdentity(
        deviceID: "AA:BB:CC:DD:EE:01", signingSeed: Array(repeating: 7, count: 32), setupCode: "031-45-154",
        setupID: "MHUB")

    /// Aid 1 with Identify (2, write-only) and Name (5, read-only); aid 2 with On (9: pr, pw, ev) and a
    /// Brightness (10: 0–100) of a device that may be unreachable.
    static let accessories = [
        HAPAccessory(
            aid: 1,
            services: [
                HAPService(
                    iid: 1, type: HAPType(0x3E),
                    characteristics: [
                        HAPCharacteristic(iid: 2, type: HAPType(0x14), format: .bool, permissions: .pairedWrite),
                        HAPCharacteristic(
                            iid: 5, type: HAPType(0x23), format: .string, permissions: .pairedRead,
                            value: .string("mhub")),
                    ])
            ]),
        HAPAccessory(
            aid: 2,
            services: [
                HAPService(
                    iid: 8, type: HAPType(0x43),
                    characteristics: [
                        HAPCharacteristic(
                            iid: 9, type: HAPType(0x25), format: .bool,
                            permissions: [.pairedRead, .pairedWrite, .events],
                            value: .bool(false)),
                        HAPCharacteristic(
                            iid: 10, type: HAPType(0x08), format: .int,
                            permissions: [.pairedRead, .pairedWrite, .events],
                            value: .int(50), unit: "percentage", minValue: 0, maxValue: 100, minStep: 1),
                    ])
            ]),
    ]

    /// What the server reads and keeps through.
    final class Context: HAPServerContext {
        var now: UInt64 = 1_000
        var saved: [HAPAccessoryRecord] = []
        var failSaves = false
        var unreachable: Set<UInt64> = []

        func accessories() -> [HAPAccessory] { HAPServerHarness.accessories }

        func characteristic(_ id: HAPCharacteristicID) -> Result<HAPCharacteristic, HAPStatus> {
            guard let accessory = HAPServerHarness.accessories.first(where: { $0.aid == id.aid }),
                let found = accessory.characteristic(id.iid)
            else { return .failure(.resourceDoesNotExist) }
            return .success(found)
        }

        func isReachable(_ aid: UInt64) -> Bool { !unreachable.contains(aid) }

        func save(_ record: HAPAccessoryRecord) -> Bool {
            guard !failSaves else { return false }
            saved.append(record)
            return true
        }
    }

    var server: HAPAccessoryServer
    let context = Context()
    var random = SystemRandomNumberGenerator()
    /// Each secured connection's two directions, as the controller keeps them.
    var sessions:
        [UInt64: (sealer: HAPFrameSealer<ChaCha20Poly1305AEAD>, opener: HAPFrameOpener<ChaCha20Poly1305AEAD>)] =
            [:]

    init(paired: Bool = true) throws {
        let pairings =
            paired
            ? [HAPPairing(identifier: Self.controllerID, publicKey: Self.controllerKey.publicKey, isAdmin: true)] : []
        server = try HAPAccessoryServer(record: HAPAccessoryRecord(identity: Self.identity, pairings: pairings))
    }

    // MARK: plaintext

    /// Sends bytes on a connection (opened if new) and returns the actions.
    func receive(_ bytes: [UInt8], on connection: UInt64) -> [HAPServerAction] {
        if !opened.contains(connection) {
            server.opened(connection)
            opened.insert(connection)
        }
        return server.received(bytes, on: connection, context: context, using: &random)
    }

    private var opened: Set<UInt64> = []

    static func request(_ method: String, _ path: String, body: [UInt8] = [], type: String? = nil) -> [UInt8] {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        if let type { head += "Content-Type: \(type)\r\n" }
        if !body.isEmpty || method != "GET" { head += "Content-Length: \(body.count)\r\n" }
        return Array((head + "\r\n").utf8) + body
    }

    /// A pairing request's TLV body posted in plaintext; the reply's TLV.
    func post(_ path: String, _ items: [(HAPTLVType, [UInt8])], on connection: UInt64) throws -> TLV8 {
        let actions = receive(
            Self.request("POST", path, body: TLV8(items).encoded(), type: "application/pairing+tlv8"), on: connection)
        return try TLV8.decode(try requireResponse(actions, on: connection).body)
    }

    // MARK: Pair Verify, as a controller

    /// Pair Verify M1–M4 with `key` under `identifier`; the session's keys when M4 is State 4 without an error.
    @discardableResult
    func verify(
        on connection: UInt64, identifier: [UInt8] = controllerID, key: Ed25519KeyPair = controllerKey
    ) throws -> Bool {
        let ephemeral = try X25519KeyPair.generate(using: &random)
        let m2 = try post("/pair-verify", [(.state, [1]), (.publicKey, ephemeral.publicKey)], on: connection)
        guard m2.byte(.state) == 2, let accessoryKey = m2.first(.publicKey), let sealed = m2.first(.encryptedData)
        else {
            return false
        }
        let shared = try ephemeral.sharedSecret(with: accessoryKey)
        let verifyKey = try HKDFSHA512.deriveKey(
            inputKeyMaterial: shared, salt: Array("Pair-Verify-Encrypt-Salt".utf8),
            info: Array("Pair-Verify-Encrypt-Info".utf8), outputByteCount: 32)
        let inner = try TLV8.decode(
            try ChaCha20Poly1305.open(
                sealed, key: verifyKey, nonce: [0, 0, 0, 0] + Array("PV-Msg02".utf8), additionalData: []))
        guard
            let signature = inner.first(.signature),
            Ed25519KeyPair.isValidSignature(
                signature, for: accessoryKey + Array(Self.identity.deviceID.utf8) + ephemeral.publicKey,
                publicKey: server.publicKey)
        else { return false }
        let proof = try key.signature(for: ephemeral.publicKey + identifier + accessoryKey)
        let m3 = try ChaCha20Poly1305.seal(
            TLV8([(.identifier, identifier), (.signature, proof)]).encoded(), key: verifyKey,
            nonce: [0, 0, 0, 0] + Array("PV-Msg03".utf8), additionalData: [])
        let m4 = try post("/pair-verify", [(.state, [3]), (.encryptedData, m3)], on: connection)
        guard m4.byte(.state) == 4, m4.first(.error) == nil else { return false }
        let read = try HKDFSHA512.deriveKey(
            inputKeyMaterial: shared, salt: Array("Control-Salt".utf8),
            info: Array("Control-Read-Encryption-Key".utf8), outputByteCount: 32)
        let write = try HKDFSHA512.deriveKey(
            inputKeyMaterial: shared, salt: Array("Control-Salt".utf8),
            info: Array("Control-Write-Encryption-Key".utf8), outputByteCount: 32)
        sessions[connection] = (
            HAPFrameSealer(key: write, aead: ChaCha20Poly1305AEAD()),
            HAPFrameOpener(key: read, aead: ChaCha20Poly1305AEAD())
        )
        return true
    }

    // MARK: the secured session

    /// Sends a request sealed as the controller seals it.
    func send(_ request: [UInt8], on connection: UInt64) throws -> [HAPServerAction] {
        guard var session = sessions[connection] else { throw MissingResponse() }
        let sealed = try session.sealer.seal(request)
        sessions[connection] = session
        return receive(sealed, on: connection)
    }

    /// The messages the actions send to `connection`, opened with its session's read key (plaintext otherwise).
    func messages(_ actions: [HAPServerAction], on connection: UInt64) throws -> [HTTPMessage] {
        var bytes: [UInt8] = []
        for case .send(connection, let sent) in actions {
            if var session = sessions[connection] {
                session.opener.append(sent)
                while let plaintext = try session.opener.next() { bytes += plaintext }
                sessions[connection] = session
            } else {
                bytes += sent
            }
        }
        return HTTPMessage.split(bytes)
    }
}

/// One HTTP message as a controller reads it: its start line and body.
struct HTTPMessage {
    var startLine: String
    var body: [UInt8]

    var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// Whole messages, each with its Content-Length body.
    static func split(_ bytes: [UInt8]) -> [HTTPMessage] {
        var messages: [HTTPMessage] = []
        var rest = bytes[...]
        while let end = rest.firstRange(of: Array("\r\n\r\n".utf8)) {
            let head = String(decoding: rest[rest.startIndex..<end.lowerBound], as: UTF8.self)
            let lines = head.components(separatedBy: "\r\n")
            let length =
                lines.first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
            let bodyStart = end.upperBound
            let bodyEnd = rest.index(bodyStart, offsetBy: length)
            messages.append(HTTPMessage(startLine: lines[0], body: Array(rest[bodyStart..<bodyEnd])))
            rest = rest[bodyEnd...]
        }
        return messages
    }
}

struct MissingResponse: Error {}

/// The one response sent on `connection`, plaintext.
func requireResponse(_ actions: [HAPServerAction], on connection: UInt64) throws -> HTTPMessage {
    let bytes = actions.flatMap { action -> [UInt8] in
        if case .send(connection, let sent) = action { sent } else { [] }
    }
    guard let message = HTTPMessage.split(bytes).first else { throw MissingResponse() }
    return message
}
