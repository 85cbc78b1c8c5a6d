import MHubCore
import MHubTestSupport
import MatterInteraction
import MatterMessage
import MatterSecureChannel
import MatterTestSupport

@testable import MatterNode

/// A `MatterSessionTable` on a manual clock, wired to test controllers: messages go back and forth in memory.
struct MatterTableHarness {
    static let passcode: UInt32 = 20_202_021
    static let identity: HubIdentity = {
        var identity = HubIdentity()
        identity.name = "Test hub"
        identity.serialNumber = "SN-TEST"
        return identity
    }()
    static let salt = Array("SPAKE2P Key Salt".utf8)

    var table: MatterSessionTable
    var random = SeededGenerator(seed: 7)
    var now: UInt64 = 1_000
    /// Every log event, in order.
    var events: [MatterNodeEvent] = []
    /// How many times the table told the hub that the window's PASE attempts are used up.
    var exhaustedReports = 0
    /// The sessions the table reported opened and ended, in order.
    var opened: [MatterSessionSummary] = []
    var ended: [MatterSessionSummary] = []
    /// The answers to the node's own requests, and the requests that failed, by exchange ID.
    var answers: [(exchangeID: UInt16, opcode: UInt8, payload: [UInt8])] = []
    var failedRequests: [UInt16] = []

    init(
        windowOpen: Bool = true, paseTimeoutMilliseconds: UInt64 = 60_000,
        establishmentTimeoutMilliseconds: UInt64 = 60_000, fabrics: [CASETestFabric] = [],
        limits: MatterSessionLimits = MatterSessionLimits()
    ) throws {
        let reader = AttributeReader(node: HubMatterNode.node(identity: Self.identity), dataVersion: 0x1234_5678)
        var table = FabricTable()
        for fabric in fabrics {
            table.store(fabric.record())
        }
        self.table = MatterSessionTable(
            reader: reader, fabrics: table, paseTimeoutMilliseconds: paseTimeoutMilliseconds, limits: limits,
            using: &random)
        self.establishmentTimeoutMilliseconds = establishmentTimeoutMilliseconds
        if windowOpen {
            try openWindow()
        }
    }

    let establishmentTimeoutMilliseconds: UInt64

    mutating func openWindow() throws {
        let commissionee = try MatterCommissionee(
            discriminator: 3840, passcode: Self.passcode, iterations: 1000, salt: Self.salt,
            establishmentTimeoutMilliseconds: establishmentTimeoutMilliseconds)
        record(table.commissioneeChanged(to: commissionee))
    }

    /// A UDP peer on 127.0.0.`host`, port `port`.
    static func udp(_ port: Int, host: UInt8 = 1) -> MatterPeer {
        .udp(
            MatterUDPAddress(
                bytes: [2, 0, UInt8(port >> 8), UInt8(port & 0xFF), 127, 0, 0, host], text: "127.0.0.\(host):\(port)"))
    }

    var instant: MonotonicInstant { MonotonicInstant(milliseconds: now) }

    /// Hands `bytes` to the table; returns what it sent to `peer` (and records its log events).
    mutating func deliver(_ bytes: [UInt8], from peer: MatterPeer) -> [[UInt8]] {
        sent(table.messageReceived(bytes, from: peer, now: instant, using: &random), to: peer)
    }

    mutating func advance(to milliseconds: UInt64, peer: MatterPeer) -> [[UInt8]] {
        now = milliseconds
        return sent(table.timerFired(now: instant, using: &random), to: peer)
    }

    mutating func sent(_ actions: [MatterNodeAction], to peer: MatterPeer) -> [[UInt8]] {
        record(actions)
        return actions.compactMap { action in
            if case .send(let bytes, peer) = action { bytes } else { nil }
        }
    }

    mutating func record(_ actions: [MatterNodeAction]) {
        for action in actions {
            switch action {
            case .log(let event): events.append(event)
            case .commissioningAttemptsExhausted: exhaustedReports += 1
            case .sessionOpened(let summary): opened.append(summary)
            case .sessionEnded(let summary, _): ended.append(summary)
            case .requestAnswered(_, let exchangeID, _, let opcode, let payload):
                answers.append((exchangeID, opcode, payload))
            case .requestFailed(_, let exchangeID): failedRequests.append(exchangeID)
            case .send, .peerActive: break
            }
        }
    }

    /// Sends `first` and then whatever the controller answers, until neither side has more to say; returns the
    /// controller's events.
    mutating func converse(
        _ first: [UInt8], controller: inout MatterTestController, peer: MatterPeer
    ) throws -> [MatterTestController.Event] {
        var queue = [first]
        var result: [MatterTestController.Event] = []
        while !queue.isEmpty {
            for answer in deliver(queue.removeFirst(), from: peer) {
                let step = try controller.receive(answer)
                queue += step.outgoing
                if let event = step.event { result.append(event) }
            }
        }
        return result
    }

    /// A whole CASE handshake from `controller` as `initiator`; returns its events.
    mutating func caseHandshake(
        _ controller: inout MatterTestController, as initiator: CASEInitiator, peer: MatterPeer,
        resuming record: CASEResumptionRecord? = nil
    ) throws -> [MatterTestController.Event] {
        try converse(controller.sigma1(initiator, resuming: record), controller: &controller, peer: peer)
    }

    /// A whole PASE handshake from `controller`; returns its events.
    mutating func pase(_ controller: inout MatterTestController, peer: MatterPeer) throws -> [MatterTestController
        .Event]
    {
        try converse(controller.pbkdfParamRequest(), controller: &controller, peer: peer)
    }
}
