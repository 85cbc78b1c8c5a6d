import MHubClient
import MatterCrypto
import MatterMessage
import MatterSecureChannel
import MatterTestSupport

/// CASE handshakes against a Matter port on loopback over UDP, one after another: the Swift commissioner
/// (`MatterTestSupport`) first commissions the hub through its open window; the function returned then makes `n`
/// more full handshakes (Sigma1 … StatusReport SUCCESS, no resumption) on its fabric, each ended with CloseSession.
func caseHandshakes(port: UInt16, passcode: UInt32) throws -> (Int) throws -> Void {
    let client = try MatterSocketClient(.udp, port: port)
    var transport = MatterSocketTransport(client)
    var commissioner = try MatterTestCommissioner(
        passcode: passcode, fabricID: CASEBenchFabric.fabricID, hubNodeID: CASEBenchFabric.hubNodeID, seed: 0xBE)
    try commissioner.commission(over: &transport)
    return { count in
        for _ in 0..<count {
            try commissioner.establishCASE(over: &transport)
            client.send(try commissioner.controller.closeSession())
            _ = client.receive(timeout: 1)  // the hub's acknowledgement of CloseSession
        }
    }
}

/// The fabric both CASE measurements use.
private enum CASEBenchFabric {
    static let fabricID: UInt64 = 0xBE4C
    static let hubNodeID: UInt64 = 0x4E4F
}

/// The floor for CASE: both sides of `count` full handshakes in one process with no messages around them — the
/// initiator's Sigma1, Sigma3 and session keys (`CASEInitiator`), the responder's Sigma2 and its checks of Sigma3
/// (`CASEResponder`, the code mhubd runs): ephemeral keys, ECDH, both signatures, both chains validated. The function
/// returned does `n` more handshakes' work.
func caseComputation() throws -> (Int) throws -> Void {
    let hubNodeID = CASEBenchFabric.hubNodeID
    let fabric = try CASETestFabric(index: 1, fabricID: CASEBenchFabric.fabricID, hubNodeID: hubNodeID, seed: 0xBE)
    var responder = CASEResponder(fabrics: [fabric.hub])
    var random = SystemRandomNumberGenerator()
    let resumptions = CASEResumptionStore()
    let now = MonotonicInstant(milliseconds: 0)
    var index = 0
    return { count in
        for _ in 0..<count {
            index += 1
            var initiator = CASEInitiator(fabric: fabric.controller, peerNodeID: hubNodeID, seed: UInt64(index))
            let exchange = CASEExchange(peer: UInt64(index), exchangeID: 1)
            func answer(_ opcode: SecureChannelOpcode, _ payload: [UInt8]) throws -> [UInt8] {
                let actions = responder.messageReceived(
                    opcode: opcode.rawValue, payload: payload, exchange: exchange, now: now, resumptions: resumptions,
                    using: &random)
                for case .send(_, let reply, _) in actions { return reply }
                throw BenchFailure("the CASE responder did not answer \(opcode): \(actions)")
            }
            let sigma2 = try answer(.sigma1, try initiator.sigma1())
            let report = try answer(.sigma3, try initiator.sigma3(after: sigma2))
            _ = try initiator.statusReportReceived(report)
        }
    }
}
