import MHubTestSupport
import MatterCrypto
import MatterMessage
import MatterSecureChannel

/// The commissioner's side of PASE, built from MatterCrypto's prover, to drive `PASEResponder` in tests.
struct TestInitiator {
    enum Step: Equatable {
        /// The next message to send: Pake3.
        case pake3([UInt8])
        /// cB did not verify: the initiator gives up with this StatusReport payload.
        case abort([UInt8])
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let passcode: UInt32
    let exchange: PASEExchange
    let sessionID: UInt16
    var random: SeededGenerator
    /// PBKDF parameters the initiator already knows (it then sets hasPBKDFParameters).
    var knownParameters: PBKDFParamResponse.PBKDFParameters?
    private(set) var requestPayload: [UInt8] = []
    private(set) var response: PBKDFParamResponse?
    private var prover: Spake2pProver?
    private var context: [UInt8] = []
    private var schedule: Spake2pKeySchedule?

    init(passcode: UInt32, exchangeID: UInt16 = 0x4000, seed: UInt64 = 1) {
        self.passcode = passcode
        random = SeededGenerator(seed: seed)
        exchange = PASEExchange(peer: random.next(), exchangeID: exchangeID)
        sessionID = UInt16.random(in: 1...UInt16.max, using: &random)
    }

    mutating func pbkdfParamRequest() -> [UInt8] {
        let request = PBKDFParamRequest(
            initiatorRandom: random.bytes(count: 32), initiatorSessionID: sessionID,
            hasPBKDFParameters: knownParameters != nil,
            initiatorSessionParameters: SessionParameters(idleInterval: 5000, activeInterval: 300))
        requestPayload = request.encoded()
        return requestPayload
    }

    /// Reads PBKDFParamResponse and answers with Pake1.
    mutating func pake1(after responsePayload: [UInt8]) throws -> [UInt8] {
        let response = try PBKDFParamResponse(payload: responsePayload)
        let request = try PBKDFParamRequest(payload: requestPayload)
        guard response.initiatorRandom == request.initiatorRandom else {
            throw Failure(description: "random not echoed")
        }
        guard let parameters = response.pbkdfParameters ?? knownParameters else {
            throw Failure(description: "no PBKDF parameters")
        }
        self.response = response
        let keys = try Spake2pPasscodeKeys(passcode: passcode, salt: parameters.salt, iterations: parameters.iterations)
        let prover = try Spake2pProver(keys: keys, using: &random)
        self.prover = prover
        context = PASESessionKeys.context(requestPayload: requestPayload, responsePayload: responsePayload)
        return Pake1(pA: prover.pA.uncompressed).encoded()
    }

    /// Reads Pake2, checks cB and answers with Pake3, or gives up.
    mutating func pake3(after pake2Payload: [UInt8]) throws -> Step {
        let pake2 = try Pake2(payload: pake2Payload)
        guard let prover else { throw Failure(description: "Pake2 before Pake1") }
        let schedule = try prover.finish(context: context, pB: pake2.pB)
        self.schedule = schedule
        guard ConstantTime.equal(schedule.confirmationB, pake2.cB) else {
            return .abort(StatusReport(generalCode: .failure, secureChannelCode: .invalidParameter).encoded())
        }
        return .pake3(Pake3(cA: schedule.confirmationA).encoded())
    }

    func sessionKeys() throws -> PASESessionKeys {
        guard let schedule else { throw Failure(description: "no key schedule yet") }
        return try PASESessionKeys(sharedSecret: schedule.ke)
    }
}
