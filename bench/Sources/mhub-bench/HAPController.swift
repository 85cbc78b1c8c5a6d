import Foundation
import HomeKitAccessory
import MHubPOSIX
import MatterCrypto

/// What a controller keeps from Pair Setup to verify with later: its own identifier and long-term key, and the
/// accessory's (HAP R14 §5.6.6: each side stores the other's pairing identifier and Ed25519 public key).
struct HAPControllerPairing: Sendable {
    let identifier: [UInt8]
    let signingKey: Ed25519KeyPair
    let accessoryIdentifier: [UInt8]
    let accessoryPublicKey: [UInt8]
}

/// A reply read from a HAP connection: its status and body.
struct HAPReply {
    let status: Int
    let body: [UInt8]
}

/// The controller's side of one HAP/IP connection, for the benchmark: HTTP/1.1 requests one at a time on a blocking
/// TCP socket, Pair Setup with the setup code, Pair Verify with a kept pairing, and after it every byte in the
/// session's ChaCha20-Poly1305 frames (`HAPFrameSealer` with the controller-to-accessory key, `HAPFrameOpener` with
/// the other). The messages are HAP R14 §5.6 and §5.7 as aiohomekit sends them (`protocol/__init__.py`): the TLV8
/// items, the HKDF salts and infos, and the pairing messages' nonces (four zero bytes and the message's name).
final class HAPControllerConnection {
    private let socket: FileDescriptor
    /// Plaintext received and not yet read as a reply.
    private var received: [UInt8] = []
    private var session: (sealer: HAPFrameSealer<ChaCha20Poly1305AEAD>, opener: HAPFrameOpener<ChaCha20Poly1305AEAD>)?
    private var generator = SecureRandomNumberGenerator()

    /// Connects to the accessory on loopback; a reply slower than `timeout` seconds fails the request.
    init(port: UInt16, timeout: Int = 10) throws {
        socket = try Sockets.connectTCP(host: "127.0.0.1", port: port)
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(socket.rawValue, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit {
        socket.close()
    }

    // MARK: HTTP

    /// Sends one request and reads its reply (sealed both ways once verified). Events are not expected: the
    /// benchmark's controller subscribes to nothing.
    func request(_ method: String, _ path: String, body: [UInt8] = [], contentType: String? = nil) throws -> HAPReply {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        if let contentType { head += "Content-Type: \(contentType)\r\n" }
        head += "Content-Length: \(body.count)\r\n\r\n"
        let message = Array(head.utf8) + body
        if var session {
            let frames = try session.sealer.seal(message)
            self.session = session
            try socket.sendAll(frames)
        } else {
            try socket.sendAll(message)
        }
        return try readReply()
    }

    /// A pairing request: POST of a TLV8 body, whose reply is a TLV8 body. A reply with an Error item fails.
    private func pairing(_ path: String, _ message: TLV8, expecting state: UInt8) throws -> TLV8 {
        let reply = try request("POST", path, body: message.encoded(), contentType: "application/pairing+tlv8")
        guard reply.status == 200 else { throw BenchFailure("\(path) M\(state - 1): HTTP \(reply.status)") }
        let answer = try TLV8.decode(reply.body)
        if let error = answer.byte(.error) { throw BenchFailure("\(path) M\(state): pairing error \(error)") }
        guard answer.byte(.state) == state else { throw BenchFailure("\(path): no M\(state)") }
        return answer
    }

    /// Reads one whole reply: the head up to its blank line, then `Content-Length` bytes of body.
    private func readReply() throws -> HAPReply {
        while true {
            if let end = headEnd() {
                let head = String(decoding: received[..<end], as: UTF8.self)
                let lines = head.split(separator: "\r\n")
                guard let statusLine = lines.first, statusLine.hasPrefix("HTTP/1.1 "),
                    let status = Int(statusLine.dropFirst(9).prefix(3))
                else { throw BenchFailure("not an HTTP reply: \(head.prefix(80))") }
                let length =
                    lines.dropFirst().compactMap { line -> Int? in
                        let parts = line.split(separator: ":", maxSplits: 1)
                        guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                        return Int(parts[1].trimmingCharacters(in: .whitespaces))
                    }.first ?? 0
                let total = end + 4 + length
                if received.count >= total {
                    let body = Array(received[(end + 4)..<total])
                    received.removeFirst(total)
                    return HAPReply(status: status, body: body)
                }
            }
            try receiveMore()
        }
    }

    private func headEnd() -> Int? {
        guard received.count >= 4 else { return nil }
        for index in 0...(received.count - 4)
        where received[index] == 13 && received[index + 1] == 10 && received[index + 2] == 13
            && received[index + 3] == 10
        {
            return index
        }
        return nil
    }

    /// One `read` from the socket, opened into plaintext when the session is secured.
    private func receiveMore() throws {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = try buffer.withUnsafeMutableBytes { socket.read(into: $0) }.get()
        guard count > 0 else { throw BenchFailure("the accessory closed the connection") }
        guard var session else {
            received.append(contentsOf: buffer[..<count])
            return
        }
        session.opener.append(buffer[..<count])
        while let frame = try session.opener.next() {
            received.append(contentsOf: frame)
        }
        self.session = session
    }

    // MARK: pairing

    /// Pair Setup M1–M6 with `setupCode` (HAP R14 §5.6): SRP (`HAPSRPClient`), then a new controller identity and
    /// long-term key sent and signed under the SRP session key, and the accessory's checked.
    func pairSetup(setupCode: String) throws -> HAPControllerPairing {
        let m2 = try pairing(
            "/pair-setup", TLV8([(.state, [1]), (.method, [HAPPairingMethod.pairSetup.rawValue])]), expecting: 2)
        guard let salt = m2.first(.salt), let serverKey = m2.first(.publicKey) else {
            throw BenchFailure("pair setup M2 lacks the salt or B")
        }
        let srp = try HAPSRPClient.start(using: &generator)
        let exchange = try srp.exchange(setupCode: setupCode, salt: salt, serverPublicKey: serverKey)
        let m4 = try pairing(
            "/pair-setup", TLV8([(.state, [3]), (.publicKey, srp.publicKey), (.proof, exchange.clientProof)]),
            expecting: 4)
        guard let serverProof = m4.first(.proof), exchange.accepts(serverProof: serverProof) else {
            throw BenchFailure("pair setup M4: the accessory's proof does not match")
        }
        let key = exchange.sessionKey
        let encryptionKey = try Self.derive(key, "Pair-Setup-Encrypt-Salt", "Pair-Setup-Encrypt-Info")
        let signingKey = try Ed25519KeyPair.generate(using: &generator)
        let identifier = Array(UUID().uuidString.utf8)
        let controllerX = try Self.derive(key, "Pair-Setup-Controller-Sign-Salt", "Pair-Setup-Controller-Sign-Info")
        let signature = try signingKey.signature(for: controllerX + identifier + signingKey.publicKey)
        let inner = TLV8([(.identifier, identifier), (.publicKey, signingKey.publicKey), (.signature, signature)])
        let sealed = try ChaCha20Poly1305.seal(
            inner.encoded(), key: encryptionKey, nonce: Self.nonce("PS-Msg05"), additionalData: [])
        let m6 = try pairing("/pair-setup", TLV8([(.state, [5]), (.encryptedData, sealed)]), expecting: 6)
        guard let sealedReply = m6.first(.encryptedData) else { throw BenchFailure("pair setup M6 lacks its data") }
        let reply = try TLV8.decode(
            ChaCha20Poly1305.open(
                sealedReply, key: encryptionKey, nonce: Self.nonce("PS-Msg06"), additionalData: []))
        guard let accessoryID = reply.first(.identifier), let accessoryKey = reply.first(.publicKey),
            let accessorySignature = reply.first(.signature)
        else { throw BenchFailure("pair setup M6 lacks the accessory's identifier, key or signature") }
        let accessoryX = try Self.derive(key, "Pair-Setup-Accessory-Sign-Salt", "Pair-Setup-Accessory-Sign-Info")
        guard
            Ed25519KeyPair.isValidSignature(
                accessorySignature, for: accessoryX + accessoryID + accessoryKey, publicKey: accessoryKey)
        else { throw BenchFailure("pair setup M6: the accessory's signature does not verify") }
        return HAPControllerPairing(
            identifier: identifier, signingKey: signingKey, accessoryIdentifier: accessoryID,
            accessoryPublicKey: accessoryKey)
    }

    /// Pair Verify M1–M4 (HAP R14 §5.7): a fresh X25519 key, the accessory's signature over both ephemeral keys
    /// checked against its long-term key, the controller's own signature sent; then the connection is secured with
    /// the Control-Salt keys of the shared secret.
    func pairVerify(_ pairing: HAPControllerPairing) throws {
        let ephemeral = try X25519KeyPair.generate(using: &generator)
        let m2 = try self.pairing(
            "/pair-verify", TLV8([(.state, [1]), (.publicKey, ephemeral.publicKey)]), expecting: 2)
        guard let accessoryKey = m2.first(.publicKey), let sealed = m2.first(.encryptedData) else {
            throw BenchFailure("pair verify M2 lacks the key or data")
        }
        let shared = try ephemeral.sharedSecret(with: accessoryKey)
        let encryptionKey = try Self.derive(shared, "Pair-Verify-Encrypt-Salt", "Pair-Verify-Encrypt-Info")
        let inner = try TLV8.decode(
            ChaCha20Poly1305.open(sealed, key: encryptionKey, nonce: Self.nonce("PV-Msg02"), additionalData: []))
        guard let accessoryID = inner.first(.identifier), accessoryID == pairing.accessoryIdentifier,
            let signature = inner.first(.signature),
            Ed25519KeyPair.isValidSignature(
                signature, for: accessoryKey + accessoryID + ephemeral.publicKey,
                publicKey: pairing.accessoryPublicKey)
        else { throw BenchFailure("pair verify M2: not the paired accessory, or its signature does not verify") }
        let ownSignature = try pairing.signingKey.signature(
            for: ephemeral.publicKey + pairing.identifier + accessoryKey)
        let proof = try ChaCha20Poly1305.seal(
            TLV8([(.identifier, pairing.identifier), (.signature, ownSignature)]).encoded(), key: encryptionKey,
            nonce: Self.nonce("PV-Msg03"), additionalData: [])
        _ = try self.pairing("/pair-verify", TLV8([(.state, [3]), (.encryptedData, proof)]), expecting: 4)
        // The controller seals with the write key and opens with the read key: the accessory's two, the other way.
        let writeKey = try Self.derive(shared, "Control-Salt", "Control-Write-Encryption-Key")
        let readKey = try Self.derive(shared, "Control-Salt", "Control-Read-Encryption-Key")
        session = (
            HAPFrameSealer(key: writeKey, aead: ChaCha20Poly1305AEAD()),
            HAPFrameOpener(key: readKey, aead: ChaCha20Poly1305AEAD())
        )
    }

    private static func derive(_ secret: [UInt8], _ salt: String, _ info: String) throws -> [UInt8] {
        try HKDFSHA512.deriveKey(
            inputKeyMaterial: secret, salt: Array(salt.utf8), info: Array(info.utf8), outputByteCount: 32)
    }

    /// A pairing message's nonce: four zero bytes and its 8-byte name (HAP R14 §5.6.5, §5.7.2).
    private static func nonce(_ name: String) -> [UInt8] {
        [0, 0, 0, 0] + Array(name.utf8)
    }
}
