import MHubClient
import MatterCrypto
import MatterSecureChannel
import MatterTestSupport

/// PASE handshakes against a Matter port on loopback over UDP, one after another, each closed with
/// CloseSession so the next can start (the hub takes one at a time). Returns handshakes per second.
func measurePASE(port: UInt16, passcode: UInt32, count: Int) throws -> Double {
    let client = try MatterSocketClient(.udp, port: port)
    var completed = 0
    var seed: UInt64 = 1
    let start = monotonicSeconds()
    while completed < count {
        var controller = MatterTestController(passcode: passcode, seed: seed)
        seed += 1
        let first = controller.pbkdfParamRequest()
        let events = try controller.converse(first, over: client)
        guard events.last == .established else {
            throw BenchFailure("PASE handshake \(completed + 1) ended with \(events)")
        }
        client.send(try controller.closeSession())
        _ = client.receive(timeout: 1)  // the hub's acknowledgement of CloseSession
        completed += 1
    }
    return Double(count) / (monotonicSeconds() - start)
}

/// The floor for PASE: both sides' SPAKE2+ work for `count` handshakes in one process, with no messages: the
/// initiator's PBKDF2 and shares, the responder's answer from its stored verifier, both key confirmations and
/// session keys. Returns handshakes per second.
func measurePASEComputation(passcode: UInt32, iterations: UInt32, count: Int) throws -> Double {
    let salt = Array("SPAKE2P Key Salt".utf8)
    let verifier = try Spake2pPasscodeKeys(passcode: passcode, salt: salt, iterations: iterations).verifier()
    var random = SystemRandomNumberGenerator()
    let context = [UInt8](repeating: 7, count: 32)
    let start = monotonicSeconds()
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
    return Double(count) / (monotonicSeconds() - start)
}
