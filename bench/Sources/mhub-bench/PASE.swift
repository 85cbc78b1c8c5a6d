import MHubClient
import MatterCrypto
import MatterSecureChannel
import MatterTestSupport

/// PASE handshakes against a Matter port on loopback over UDP: the function returned makes `n` more, one after
/// another, each closed with CloseSession so the next can start (the hub takes one at a time).
func paseHandshakes(port: UInt16, passcode: UInt32) throws -> (Int) throws -> Void {
    let client = try MatterSocketClient(.udp, port: port)
    var seed: UInt64 = 1
    return { count in
        for _ in 0..<count {
            var controller = MatterTestController(passcode: passcode, seed: seed)
            seed += 1
            let first = controller.pbkdfParamRequest()
            let events = try controller.converse(first, over: client)
            guard events.last == .established else {
                throw BenchFailure("PASE handshake \(seed - 1) ended with \(events)")
            }
            client.send(try controller.closeSession())
            _ = client.receive(timeout: 1)  // the hub's acknowledgement of CloseSession
        }
    }
}

/// The floor for PASE: both sides' SPAKE2+ work in one process, with no messages: the initiator's PBKDF2 and
/// shares, the responder's answer from its stored verifier, both key confirmations and session keys. The function
/// returned does `n` more handshakes' work.
func paseComputation(passcode: UInt32, iterations: UInt32) throws -> (Int) throws -> Void {
    let salt = Array("SPAKE2P Key Salt".utf8)
    let verifier = try Spake2pPasscodeKeys(passcode: passcode, salt: salt, iterations: iterations).verifier()
    var random = SystemRandomNumberGenerator()
    let context = [UInt8](repeating: 7, count: 32)
    return { count in
        for _ in 0..<count {
            let keys = try Spake2pPasscodeKeys(passcode: passcode, salt: salt, iterations: iterations)
            let prover = try Spake2pProver(keys: keys, using: &random)
            let round = try verifier.respond(context: context, pA: prover.pA.uncompressed, using: &random)
            let schedule = try prover.finish(context: context, pB: round.pB.uncompressed)
            guard schedule.confirmationB == round.cB, round.confirms(cA: schedule.confirmationA) else {
                throw BenchFailure("SPAKE2+ confirmation failed in the computation floor")
            }
            _ = try PASESessionKeys(sharedSecret: schedule.ke)
            _ = try PASESessionKeys(sharedSecret: round.sharedSecret)
        }
    }
}
