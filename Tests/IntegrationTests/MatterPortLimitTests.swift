import Foundation
import MHubConfiguration
import MatterInteraction
import MatterMessage
import MatterSecureChannel
import MatterTestSupport
import Synchronization
import Testing

/// mhubd's Matter port against peers that do not play fair, over real sockets: failed attempts close the window,
/// a spoofed request to a closed window gets at most one datagram, one host cannot take every TCP slot or hold
/// the PASE slot (docs/matter.md, "Limits").
@Suite struct MatterPortLimitTests {
    static let passcode: UInt32 = 20_202_021
    static let refusal = StatusReport(generalCode: .failure, secureChannelCode: .invalidParameter)

    /// Every datagram that arrives on `client` within `seconds`.
    static func datagrams(on client: MatterSocketClient, for seconds: Double) -> [[UInt8]] {
        let end = Date().addingTimeInterval(seconds)
        var received: [[UInt8]] = []
        while end.timeIntervalSinceNow > 0 {
            if let datagram = client.receive(timeout: end.timeIntervalSinceNow) { received.append(datagram) }
        }
        return received
    }

    @Test func twentyFailedAttemptsCloseTheWindow() throws {
        let daemon = try MatterPortTests.daemon()
        let client = try MatterSocketClient(.udp, port: daemon.matterPort)
        for attempt in 1...25 {
            var wrong = MatterTestController(passcode: 12_345_679, seed: 200 + UInt64(attempt))
            // The first 20 fail at Pake3; from the 21st on, the window is closed and PASE refused at once.
            #expect(
                try wrong.converse(wrong.pbkdfParamRequest(), over: client) == [.statusReport(Self.refusal)],
                "attempt \(attempt)")
        }
        let hub = try daemon.connect(.unix)
        let window = try hub.call("get_commissioning_window", [:])
        #expect(window["open"] == false)
        #expect(window["close_reason"] == "failed_attempts")
        #expect(daemon.log.contains("20 failed PASE attempts in this commissioning window"))
        // The right passcode is refused as well until the window opens again, which counts afresh.
        var right = MatterTestController(passcode: Self.passcode, seed: 230)
        #expect(try right.converse(right.pbkdfParamRequest(), over: client) == [.statusReport(Self.refusal)])
        _ = try hub.call("open_commissioning_window", [:])
        #expect(try right.converse(right.pbkdfParamRequest(), over: client) == [.established])
        #expect(daemon.stop() == 0)
    }

    @Test func aClosedWindowAnswersASpoofedRequestWithAtMostOneDatagram() throws {
        let daemon = try MatterPortTests.daemon(windowOpen: false)
        let raw = try MatterSocketClient(.udp, port: daemon.matterPort)
        // 14 bytes: a message header without node IDs and an empty PBKDFParamRequest, with the R flag.
        let spoofed = Message(
            header: MessageHeader(messageCounter: 1),
            protocolHeader: ProtocolHeader(
                isInitiator: true, needsAcknowledgement: true, opcode: SecureChannelOpcode.pbkdfParamRequest.rawValue,
                exchangeID: 7, protocolID: .secureChannel),
            payload: []
        ).encodedUnsecured()
        #expect(spoofed.count == 14)
        raw.send(spoofed)
        let answers = Self.datagrams(on: raw, for: 3)
        #expect(answers.count <= 1)
        #expect(answers.allSatisfy { $0.count <= spoofed.count })
        // A real request gets its refusal once, smaller than itself, and nothing after it.
        var controller = MatterTestController(passcode: Self.passcode, seed: 231)
        let request = controller.pbkdfParamRequest()
        raw.send(request)
        let refusals = Self.datagrams(on: raw, for: 3)
        #expect(refusals.count == 1)
        #expect(refusals.allSatisfy { $0.count < request.count })
        // A flood of them is logged once, not once per datagram (the rest is counted every 10 s).
        for counter in 2...201 {
            var flood = spoofed
            flood[4] = UInt8(counter & 0xFF)
            flood[5] = UInt8(counter >> 8)
            raw.send(flood)
        }
        _ = Self.datagrams(on: raw, for: 1)
        let lines = daemon.log.components(separatedBy: "\n").filter {
            $0.contains("refused: the hub's commissioning window is closed")
        }
        #expect((1...2).contains(lines.count), "\(lines.count) closed-window lines")
        #expect(daemon.stop() == 0)
    }

    @Test func oneHostGetsFourTCPConnectionsAndAnotherIsStillServed() throws {
        let daemon = try MatterPortTests.daemon()
        var held: [MatterSocketClient] = []
        for _ in 0..<4 {
            held.append(try MatterSocketClient(.tcp, port: daemon.matterPort))
        }
        let fifth = try MatterSocketClient(.tcp, port: daemon.matterPort)
        #expect(fifth.closedByPeer(timeout: 5), "the fifth connection from one host stayed open")
        #expect(held.allSatisfy { !$0.closedByPeer(timeout: 0.05) }, "one of the first four was closed")
        // Another host (127.0.0.2) is served, PASE and a read.
        let other = try MatterSocketClient(.tcp, port: daemon.matterPort, from: "127.0.0.2")
        var controller = MatterTestController(passcode: Self.passcode, seed: 250)
        #expect(try controller.converse(controller.pbkdfParamRequest(), over: other) == [.established])
        let read = try controller.readRequest([AttributePathIB(endpoint: 0, cluster: 0x28, attribute: 5)])
        #expect(MatterPortTests.basicInformation(try controller.converse(read, over: other))[5] == .string("Porch hub"))
        #expect(daemon.log.contains("more than 4 matter TCP connections from [::ffff:127.0.0.1]"))
        #expect(daemon.stop() == 0)
    }

    @Test func aRepeatingPeerCannotKeepAnotherOutPastOneTimeout() throws {
        let daemon = try MatterPortTests.daemon(matter: ["pase_timeout_s": 2])
        let repeater = try RepeatingRequester(port: daemon.matterPort)
        repeater.start()
        defer { repeater.stop() }
        // Let the repeater take the slot, then try from another host, again and again, as a controller would.
        usleep(300_000)
        let client = try MatterSocketClient(.udp, port: daemon.matterPort, from: "127.0.0.2")
        var controller = MatterTestController(passcode: Self.passcode, seed: 260)
        let started = Date()
        var refusals = 0
        var established = false
        while !established && Date().timeIntervalSince(started) < 8 {
            let events = try controller.converse(controller.pbkdfParamRequest(), over: client, timeout: 2)
            established = events == [.established]
            if !established {
                refusals += 1
                usleep(200_000)
            }
        }
        // The repeater's hold ends with its first handshake's 2 s timeout, then it must leave the slot for 2 s:
        // within 8 s (four timeouts) the other host is in. Without the bound it is kept out all along.
        #expect(established, "kept out for 8 s:\n\(daemon.log.suffix(3000))")
        #expect(refusals > 0, "the repeater never held the slot")
        #expect(repeater.requests > 20)
        repeater.stop()
        #expect(daemon.stop() == 0)
    }
}

/// A peer on 127.0.0.1 that sends a fresh PBKDFParamRequest every 20 ms from its own thread until stopped, to hold
/// the PASE slot; it reads and ignores what comes back.
final class RepeatingRequester: @unchecked Sendable {
    // @unchecked: `client` and `controller` are used only by the thread; `state` is behind its mutex.
    private let client: MatterSocketClient
    private var controller = MatterTestController(passcode: 1, seed: 270)
    private let state = Mutex((running: false, requests: 0))
    private let done = DispatchSemaphore(value: 0)

    init(port: UInt16) throws {
        client = try MatterSocketClient(.udp, port: port)
    }

    var requests: Int { state.withLock { $0.requests } }

    func start() {
        state.withLock { $0.running = true }
        Thread.detachNewThread { [self] in
            while state.withLock({ $0.running }) {
                client.send(controller.pbkdfParamRequest())
                state.withLock { $0.requests += 1 }
                while client.receive(timeout: 0.02) != nil {}
            }
            done.signal()
        }
    }

    func stop() {
        let wasRunning = state.withLock { state in
            defer { state.running = false }
            return state.running
        }
        if wasRunning { done.wait() }
    }
}
