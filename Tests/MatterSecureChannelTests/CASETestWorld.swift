import MHubTestSupport
import MatterMessage
import MatterSecureChannel
import MatterTestSupport

/// Two fabrics, a hub that belongs to both and helpers that walk a handshake, shared by the CASE tests.
///
/// Certificates take a few milliseconds each to issue, so the fabrics are made once.
enum CASETestWorld {
    static let first = try! CASETestFabric(index: 1, fabricID: 0xFAB1, hubNodeID: 0x0000_0000_0000_1001, seed: 100)
    static let second = try! CASETestFabric(
        index: 2, fabricID: 0xFAB2, hubNodeID: 0x0000_0000_0000_2002, controllerNodeID: 0x2222,
        controllerCATs: [0x0001_0001, 0x0002_0003], seed: 200)
    /// A fabric the hub does not belong to.
    static let stranger = try! CASETestFabric(index: 3, fabricID: 0xFAB3, hubNodeID: 0x3003, seed: 300)

    static let failureReport = StatusReport(generalCode: .failure, secureChannelCode: .invalidParameter).encoded()
    static let noSharedTrustRootsReport = StatusReport(generalCode: .failure, secureChannelCode: .noSharedTrustRoots)
        .encoded()
    static let successReport = StatusReport.sessionEstablishmentSuccess.encoded()

    static func at(_ milliseconds: UInt64) -> MonotonicInstant {
        MonotonicInstant(milliseconds: milliseconds)
    }

    static func makeResponder(maximumConcurrentHandshakes: Int = 4) -> CASEResponder {
        CASEResponder(
            configuration: CASEResponderConfiguration(
                sessionParameters: SessionParameters(idleInterval: 500, activeInterval: 300),
                maximumConcurrentHandshakes: maximumConcurrentHandshakes),
            fabrics: [first.hub, second.hub])
    }

    static func initiator(on fabric: CASETestFabric = first, seed: UInt64) -> CASEInitiator {
        CASEInitiator(fabric: fabric.controller, peerNodeID: fabric.hub.nodeID, seed: seed)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The payload of the one `.send(opcode, …)` among `actions`.
    static func sent(_ opcode: SecureChannelOpcode, in actions: [CASEResponderAction]) throws -> [UInt8] {
        let payloads = actions.compactMap { action -> [UInt8]? in
            if case .send(opcode, let payload, _) = action { payload } else { nil }
        }
        guard payloads.count == 1 else { throw Failure(description: "no single \(opcode) in \(actions)") }
        return payloads[0]
    }

    /// Sigma1 → Sigma2, and the Sigma3 the initiator answers with.
    static func startHandshake(
        _ responder: inout CASEResponder, _ initiator: inout CASEInitiator, exchange: CASEExchange,
        now: MonotonicInstant, resumptions: CASEResumptionStore = CASEResumptionStore(),
        random: inout SeededGenerator
    ) throws -> [UInt8] {
        let first = responder.messageReceived(
            opcode: 0x30, payload: try initiator.sigma1(), exchange: exchange, now: now, resumptions: resumptions,
            using: &random)
        return try initiator.sigma3(after: sent(.sigma2, in: first))
    }

    /// A whole handshake; returns the responder's actions after Sigma3.
    static func handshake(
        _ responder: inout CASEResponder, _ initiator: inout CASEInitiator, exchange: CASEExchange,
        now: MonotonicInstant, random: inout SeededGenerator
    ) throws -> [CASEResponderAction] {
        let sigma3 = try startHandshake(&responder, &initiator, exchange: exchange, now: now, random: &random)
        return responder.messageReceived(
            opcode: 0x32, payload: sigma3, exchange: exchange, now: now, resumptions: CASEResumptionStore(),
            using: &random)
    }

    /// A full handshake, then what each side keeps to resume it: the responder's record in a store, and the
    /// initiator's session (with its record).
    static func resumableSession(
        _ responder: inout CASEResponder, _ initiator: inout CASEInitiator, peer: UInt64,
        random: inout SeededGenerator
    ) throws -> (store: CASEResumptionStore, initiator: CASEInitiator.Established) {
        let actions = try handshake(
            &responder, &initiator, exchange: CASEExchange(peer: peer, exchangeID: 1), now: at(0), random: &random)
        guard let record = record(in: actions) else { throw Failure(description: "no resumption record: \(actions)") }
        var store = CASEResumptionStore()
        store.save(record)
        return (store, try initiator.statusReportReceived(successReport))
    }

    static func session(in actions: [CASEResponderAction]) -> CASESession? {
        actions.lazy.compactMap { if case .established(let session) = $0 { session } else { nil } }.first
    }

    static func record(in actions: [CASEResponderAction]) -> CASEResumptionRecord? {
        actions.lazy.compactMap { if case .saveResumption(let record) = $0 { record } else { nil } }.first
    }
}
