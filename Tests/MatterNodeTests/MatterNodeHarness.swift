import MHubConfiguration
import MHubHub
import MHubTestSupport
import MatterCrypto
import MatterDataModel
import MatterInteraction
import MatterMessage
import MatterSecureChannel
import MatterTestSupport

@testable import MatterNode

/// A `MatterNode` on a manual clock, wired to test controllers: messages go back and forth in memory.
struct MatterNodeHarness: MatterTestTransport {
    static let passcode: UInt32 = 20_202_021
    static let identity: HubIdentity = {
        var identity = HubIdentity()
        identity.name = "Test hub"
        identity.serialNumber = "SN-TEST"
        return identity
    }()
    static let salt = Array("SPAKE2P Key Salt".utf8)

    var table: MatterNode
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
    /// The fabric tables the node asked to save, with their tickets; the fabric summaries it reported; its other
    /// outputs to the hub.
    var saves: [(table: FabricTable, ticket: UInt64)] = []
    var fabricReports: [[MatterFabricSummary]] = []
    var outputs: [MatterNodeAction] = []
    /// Whether the owner's saves succeed.
    var saveSucceeds = true
    /// Whether windows an administrator opens or revokes, or CommissioningComplete closes, reach the node back
    /// (as the port and the hub carry them).
    var echoesWindows = true
    /// The peer `converse(_:controller:)` speaks as.
    var peer = MatterNodeHarness.udp(40_000)
    /// The home the node bridges, handed to it with every message and timer.
    var home: any NodeEndpoints = NoNodeEndpoints()
    /// The hub's device logic for bridged commands and writes: an answer now, or nil to hold the request (answered
    /// later with `answer(_:with:)`). Requests asked so far, in order.
    var hub: (@Sendable (BridgedRequest) -> BridgedAnswer?)?
    var bridgedRequests: [BridgedRequest] = []

    init(
        windowOpen: Bool = true, paseTimeoutMilliseconds: UInt64 = 60_000,
        establishmentTimeoutMilliseconds: UInt64 = 60_000, fabrics: [CASETestFabric] = [],
        fabricTable: FabricTable? = nil, limits: MatterSessionLimits = MatterSessionLimits(),
        layout: MatterNodeLayout = .bridge,
        basicInformation: ClusterTemplate = HubMatterNode.basicInformation(identity: MatterNodeHarness.identity)
    ) throws {
        var table = fabricTable ?? FabricTable()
        for fabric in fabrics {
            table.store(fabric.record())
        }
        let configuration = MatterNodeConfiguration(
            layout: layout, basicInformation: basicInformation, attestation: TestAttestation.identity,
            paseTimeoutMilliseconds: paseTimeoutMilliseconds, limits: limits)
        self.table = MatterNode(configuration: configuration, fabrics: table, using: &random)
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
        sent(table.messageReceived(bytes, from: peer, now: instant, endpoints: home, using: &random), to: peer)
    }

    mutating func advance(to milliseconds: UInt64, peer: MatterPeer) -> [[UInt8]] {
        now = milliseconds
        return sent(table.timerFired(now: instant, endpoints: home, using: &random), to: peer)
    }

    /// What the node sent to `peer`, after carrying out what the port and the hub would: each save (succeeding
    /// unless `saveSucceeds` is false), and with `echoesWindows` the window an administrator opened or revoked, or
    /// CommissioningComplete closed, handed back as the node's commissionee.
    mutating func sent(_ actions: [MatterNodeAction], to peer: MatterPeer) -> [[UInt8]] {
        var queue = actions
        var index = 0
        var sent: [[UInt8]] = []
        while index < queue.count {
            let action = queue[index]
            index += 1
            record([action])
            switch action {
            case .send(let bytes, let to) where to == peer:
                sent.append(bytes)
            case .persist(_, let ticket):
                queue += table.persisted(ticket: ticket, succeeded: saveSucceeds, now: instant, using: &random)
            case .bridgedRequest(let request):
                bridgedRequests.append(request)
                if let answer = hub?(request) {
                    queue += table.bridgedRequestAnswered(id: request.id, answer: answer, now: instant, using: &random)
                }
            case .openWindow(let window) where echoesWindows:
                queue += table.commissioneeChanged(to: try? Self.commissionee(for: window))
            case .revokeWindow where echoesWindows, .commissioningCompleted where echoesWindows:
                queue += table.commissioneeChanged(to: nil)
            default:
                break
            }
        }
        return sent
    }

    /// The hub answers a request it held; returns what the node sent to `peer`.
    mutating func answer(_ request: BridgedRequest, with answer: BridgedAnswer, peer: MatterPeer) -> [[UInt8]] {
        sent(table.bridgedRequestAnswered(id: request.id, answer: answer, now: instant, using: &random), to: peer)
    }

    /// The hub says the home changed (after its commit).
    mutating func homeChanged(_ change: BridgeChange) {
        table.homeChanged(change, now: instant)
    }

    /// The commissionee the hub hands the node for an administrator's window.
    static func commissionee(for window: MatterAdministratorWindow) throws -> MatterCommissionee {
        let administrator = MatterCommissionee.Administrator(fabricIndex: window.fabricIndex, vendorID: window.vendorID)
        switch window.method {
        case .enhanced(let verifier, let discriminator, let iterations, let salt):
            return try MatterCommissionee(
                discriminator: discriminator, verifier: Spake2pVerifier(serialized: verifier), iterations: iterations,
                salt: salt, establishmentTimeoutMilliseconds: 60_000, isEnhanced: true, administrator: administrator)
        case .basic:
            return try MatterCommissionee(
                discriminator: 3840, passcode: passcode, iterations: 1000, salt: salt,
                establishmentTimeoutMilliseconds: 60_000, administrator: administrator)
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
            case .persist(let table, let ticket): saves.append((table, ticket))
            case .fabricsChanged(let summaries): fabricReports.append(summaries)
            case .commissioningCompleted, .openWindow, .revokeWindow, .failSafeExpired, .ownerRequestDone:
                outputs.append(action)
            case .send, .peerActive, .bridgedRequest: break
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

    mutating func converse(_ first: [UInt8], controller: inout MatterTestController) throws
        -> [MatterTestController.Event]
    {
        try converse(first, controller: &controller, peer: peer)
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
