import Foundation
import MHubJSON
import MHubProtocol
import MHubTestSupport
import MatterDataModel
import MatterInteraction
import MatterMessage
import MatterTestSupport
import Testing

/// mhubd's Matter port driven over real sockets by a small Swift commissioner (MatterTestSupport): PASE and a read
/// over UDP and TCP, the window deciding, the one-session rule, a stalled handshake, and random datagrams.
@Suite struct MatterPortTests {
    static let passcode: UInt32 = 20_202_021

    /// Starts mhubd (Matter on a free port) and opens the hub's commissioning window unless told not to.
    static func daemon(windowOpen: Bool = true, matter: [String: JSONValue] = [:]) throws -> DaemonHarness {
        var settings: [String: JSONValue] = ["port": 0]
        for (key, value) in matter { settings[key] = value }
        let daemon = try DaemonHarness(configuration: [
            "matter": .object(settings), "hub": ["name": "Porch hub", "serial_number": "SN-PORT-1"],
        ])
        try daemon.start()
        #expect(daemon.matterPort != 0, "no matter port in the log:\n\(daemon.log)")
        if windowOpen {
            _ = try daemon.connect(.unix).call("open_commissioning_window", [:])
        }
        return daemon
    }

    static func basicInformation(_ events: [MatterTestController.Event]) -> [AttributeID: AttributeValue] {
        var values: [AttributeID: AttributeValue] = [:]
        for case .report(let report) in events {
            for case .data(_, let path, let value) in report.attributeReports ?? [] where path.cluster == 0x28 {
                values[path.attribute] = value
            }
        }
        return values
    }

    @Test(arguments: MatterSocketClient.Transport.allCases)
    func paseThenAReadOfBasicInformation(transport: MatterSocketClient.Transport) throws {
        let daemon = try Self.daemon()
        let client = try MatterSocketClient(transport, port: daemon.matterPort)
        var controller = MatterTestController(passcode: Self.passcode, seed: 21)
        #expect(try controller.converse(controller.pbkdfParamRequest(), over: client) == [.established])
        let read = try controller.readRequest([AttributePathIB(endpoint: 0, cluster: 0x28)])
        let values = Self.basicInformation(try controller.converse(read, over: client))
        #expect(values[0x0001] == .string("mhub"))
        #expect(values[0x0002] == .unsigned(0xFFF1))
        #expect(values[0x0003] == .string("mhub hub"))
        #expect(values[0x0004] == .unsigned(0x8001))
        #expect(values[0x0005] == .string("Porch hub"))
        #expect(values[0x000A] == .string(MHubVersion.string))
        #expect(values[0x000F] == .string("SN-PORT-1"))
        // What the hub does not have comes back as statuses, unsupported requests as INVALID_ACTION.
        let missing = try controller.readRequest([AttributePathIB(endpoint: 2, cluster: 0x28, attribute: 5)])
        guard case .report(let report)? = try controller.converse(missing, over: client).first else {
            Issue.record("no ReportData")
            return
        }
        #expect(
            report.attributeReports == [
                .status(path: AttributePathIB(endpoint: 2, cluster: 0x28, attribute: 5), StatusIB(.unsupportedEndpoint))
            ])
        let write = try controller.request(.interactionModel, opcode: 0x06, payload: [0x15, 0x18])
        #expect(try controller.converse(write, over: client) == [.statusResponse(.init(status: .invalidAction))])
        #expect(daemon.waitForLog("PASE session with \(transport)"))
        #expect(daemon.stop() == 0)
    }

    @Test func theWindowDecidesWhetherPASEIsAccepted() throws {
        let daemon = try Self.daemon(windowOpen: false)
        let client = try MatterSocketClient(.udp, port: daemon.matterPort)
        var controller = MatterTestController(passcode: Self.passcode, seed: 22)
        let refused = StatusReport(generalCode: .failure, secureChannelCode: .invalidParameter)
        #expect(try controller.converse(controller.pbkdfParamRequest(), over: client) == [.statusReport(refused)])
        #expect(daemon.waitForLog("the hub's commissioning window is closed"))
        let hub = try daemon.connect(.unix)
        _ = try hub.call("open_commissioning_window", ["timeout": 60])
        #expect(try controller.converse(controller.pbkdfParamRequest(), over: client) == [.established])
        // Closing the window ends the session too; PASE is refused again.
        _ = try hub.call("close_commissioning_window", [:])
        #expect(try controller.converse(controller.pbkdfParamRequest(), over: client) == [.statusReport(refused)])
        #expect(daemon.waitForLog("closed: the commissioning window closed"))
        #expect(daemon.stop() == 0)
    }

    @Test func oneSessionAtATimeAndAStalledHandshakeTimesOut() throws {
        let daemon = try Self.daemon(matter: ["pase_timeout_s": 2])
        let stalled = try MatterSocketClient(.udp, port: daemon.matterPort)
        var first = MatterTestController(passcode: Self.passcode, seed: 23)
        stalled.send(first.pbkdfParamRequest())
        #expect(stalled.receive() != nil)  // PBKDFParamResponse; Pake1 never follows
        let client = try MatterSocketClient(.udp, port: daemon.matterPort)
        var second = MatterTestController(passcode: Self.passcode, seed: 24)
        let busy = try second.converse(second.pbkdfParamRequest(), over: client)
        guard case .statusReport(let report)? = busy.first else {
            Issue.record("no StatusReport: \(busy)")
            return
        }
        #expect(report.generalCode == .busy && report.secureChannelCode == .busy)
        #expect((1...2000).contains(report.minimumWaitMilliseconds ?? 0))
        // After pase_timeout_s the stalled handshake is gone and the slot is free.
        usleep(2_300_000)
        #expect(try second.converse(second.pbkdfParamRequest(), over: client) == [.established])
        #expect(daemon.waitForLog("failed: the PASE handshake took longer than its timeout"))
        #expect(daemon.stop() == 0)
    }

    /// Seeded random and mutated datagrams (of real PASE and session messages) to the UDP port, then a correct
    /// PASE and read still work and the control socket still answers.
    @Test func randomAndMutatedDatagramsDoNotStopTheDaemon() throws {
        let daemon = try Self.daemon()
        let noise = try MatterSocketClient(.udp, port: daemon.matterPort)
        var seedController = MatterTestController(passcode: Self.passcode, seed: 25)
        var seeds = [seedController.pbkdfParamRequest()]
        var pending = seeds
        while let message = pending.popLast() {
            noise.send(message)
            guard let answer = noise.receive(timeout: 2) else { break }
            seeds.append(answer)
            let step = try seedController.receive(answer)
            seeds += step.outgoing
            pending += step.outgoing
            if step.event != nil { break }
        }
        seeds.append(try seedController.readRequest([AttributePathIB()]))
        seeds.append(try seedController.closeSession())
        var random = SeededGenerator(seed: 0xD06)
        for index in 0..<3000 {
            var bytes = seeds.randomElement(using: &random)!
            switch index % 4 {
            case 0: bytes = random.bytes(count: Int.random(in: 0...1500, using: &random))
            case 1: bytes[Int.random(in: bytes.indices, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
            case 2: bytes.removeLast(Int.random(in: 1...bytes.count, using: &random))
            default: break
            }
            noise.send(bytes)
            if index % 100 == 0 {
                while noise.receive(timeout: 0.001) != nil {}
                usleep(1000)
            }
        }
        // A barrier: the port reads its one UDP socket in order, so once a request sent after the noise is
        // answered, all the noise has been handled. Like any MRP sender it repeats itself: the kernel drops
        // datagrams while the port's receive buffer is full of noise.
        let barrier = try MatterSocketClient(.udp, port: daemon.matterPort)
        var barrierController = MatterTestController(passcode: Self.passcode, seed: 27)
        let request = barrierController.pbkdfParamRequest()
        let started = Date()
        var answered = false
        while !answered && Date().timeIntervalSince(started) < 30 {
            barrier.send(request)
            answered = barrier.receive(timeout: 0.5) != nil
        }
        try #require(answered, "mhubd stopped answering:\n\(daemon.log.suffix(2000))")
        // The noise may have left a session or handshake of its own (its seeds include a real handshake): a fresh
        // window starts from a clean slot, as a real commissioner would find after the old one's timeout.
        let hub = try daemon.connect(.unix)
        _ = try hub.call("close_commissioning_window", [:])
        _ = try hub.call("open_commissioning_window", [:])
        let client = try MatterSocketClient(.udp, port: daemon.matterPort)
        var controller = MatterTestController(passcode: Self.passcode, seed: 26)
        let events = try controller.converse(controller.pbkdfParamRequest(), over: client)
        try #require(events == [.established], "\(events)\n\(daemon.log.suffix(3000))")
        let read = try controller.readRequest([AttributePathIB(endpoint: 0, cluster: 0x28, attribute: 5)])
        #expect(Self.basicInformation(try controller.converse(read, over: client))[5] == .string("Porch hub"))
        #expect(try hub.call("server_info", [:])["mhub_version"] == .string(MHubVersion.string))
        #expect(daemon.process?.isRunning == true)
        #expect(daemon.stop() == 0)
    }
}
