import DNSSDPeerSupport
import Foundation
import MHubJSON
import Testing

/// Issue 37, "Done when": a washer program started over Matter runs to its end on the virtual clock with its events.
/// The CHIP Python controller commissions the hub, subscribes to the washer's bridged Operational State (its
/// attributes and OperationCompletion) and sends Start; the test moves the hub's virtual clock through the whole
/// program with `mhubctl clock advance`, reading CurrentPhase and CountdownTime with `mhubctl device read` after each
/// step; the controller hears the phases, the end state and OperationCompletion, and reads the event back; the
/// control socket's `diagnostics` holds it too.
@Suite(.serialized, .enabled(if: ChipCommissionScript.shouldRun), .avahiDaemonLock, .timeLimit(.minutes(10)))
struct ChipProgramPeerTests {
    static let configuration: [String: JSONValue] = [
        "hub": [
            "name": "Program hub", "serial_number": "SN-PROGRAM-1", "discriminator": 3081, "passcode": 20_202_021,
        ],
        "simulated_devices": [
            ["template": "laundry-washer", "discriminator": 211, "passcode": 20_202_021, "name": "Washer"]
        ],
    ]

    static func read(_ daemon: DaemonHarness, _ path: String) throws -> JSONValue? {
        let output = try ChipBridgePeerTests.mhubctl(daemon, ["device", "read", "1", path, "--json"])
        return try JSONParser().parse(output)[path]
    }

    @Test func aWasherProgramStartedOverMatterRunsToItsEndOnTheVirtualClock() throws {
        try NetworkNamespacePair.with { pair in
            let daemon = try DaemonHarness(in: pair, configuration: Self.configuration)
            daemon.arguments = ["--clock", "virtual"]
            try daemon.start()
            defer { daemon.stop() }
            let hub = try daemon.connect(.unix)
            for device in try hub.call("get_simulated_devices").arrayValueForTest {
                guard case .string(let qr)? = device["qr_code"] else { throw TestFailure("no QR code") }
                _ = try hub.call("commission_with_code", ["code": .string(qr)])
            }
            guard let controller = try ChipCommissionScript.commissioningTheHub(daemon, through: hub, in: pair) else {
                return
            }

            // The washer is the hub's first bridged device: endpoint 2.
            let program = try controller.start("program", ["1", "2", "90"], timeout: 300)
            let deadline = Date().addingTimeInterval(120)
            while !program.outputSoFar.contains("@@chip_commission_subscribed"), program.isRunning, Date() < deadline {
                usleep(50_000)
            }
            #expect(try Self.read(daemon, "1/96/4") == 1, "Start over Matter left the washer running")
            #expect(try Self.read(daemon, "1/96/2") == .integer(85 * 60))

            // Normal: 10 min pre-wash, 40 wash, 20 rinse, 15 spin; the clock moves a phase at a time.
            var phases: [JSONValue] = []
            for minutes in [10, 40, 20, 15] {
                phases.append(try Self.read(daemon, "1/96/1") ?? .null)
                _ = try ChipBridgePeerTests.mhubctl(daemon, ["clock", "advance", "\(minutes)m"])
                usleep(1_500_000)  // the subscription's report of the new phase
            }
            #expect(phases == [0, 1, 2, 3])
            #expect(try Self.read(daemon, "1/96/4") == 0)
            #expect(try Self.read(daemon, "1/96/2") == .null)

            let report = try controller.report(of: program, within: 120)
            #expect(report.ok, "\(report.json)\n\(daemon.log.suffix(3000))")
            #expect(report.result?["start"] == 0)
            guard case .array(let updates)? = report.result?["updates"] else {
                Issue.record("no updates: \(report.json)")
                return
            }
            let heardPhases = updates.filter { $0["attribute"] == "CurrentPhase" }.map { $0["value"] ?? .null }
            #expect(heardPhases.contains(1) && heardPhases.contains(2) && heardPhases.contains(3), "\(updates)")
            let countdowns = updates.filter { $0["attribute"] == "CountdownTime" }.map { $0["value"] ?? .null }
            #expect(countdowns.contains(.integer(75 * 60)) && countdowns.contains(.null), "\(updates)")
            let states = updates.filter { $0["attribute"] == "OperationalState" }.map { $0["value"] ?? .null }
            #expect(states.last == 0, "\(updates)")
            let completion: JSONValue = ["completionErrorCode": 0, "totalOperationalTime": 5100, "pausedTime": 0]
            #expect(report.result?["events"] == [["event": 1, "data": completion]], "\(report.json)")
            #expect(report.result?["read_events"] == [["event": 1, "data": completion]], "\(report.json)")
            #expect(report.result?["final"]?["operational_state"] == 0)
            #expect(report.result?["final"]?["countdown_time"] == .null)

            // The control socket heard it as a node event.
            let events = try hub.call("diagnostics")["events"]?.arrayValueForTest ?? []
            let ended = events.last { $0["cluster_id"] == 0x60 && $0["event_id"] == 1 }
            #expect(ended?["data"] == completion, "\(events)")
        }
    }
}
