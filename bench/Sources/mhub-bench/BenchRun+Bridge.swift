import Foundation
import MHubClient

extension BenchRun {
    /// The bridge's rows of one home, in this order from `Row.bridge` + 4 × the home's place in
    /// `Options.bridgeHomes`.
    enum BridgeRow: Int, CaseIterable {
        case readP50, readP99, reportP50, reportP99
    }

    static func row(_ row: BridgeRow, home: Int) -> Int {
        Row.bridge + home * BridgeRow.allCases.count + row.rawValue
    }

    static func bridgeFigures(homes: [Int]) -> [Figure] {
        homes.flatMap { devices -> [Figure] in
            let home = "\(devices.formatted()) bridged device\(devices == 1 ? "" : "s")"
            return BridgeRow.allCases.map { row in
                switch row {
                case .readP50: Figure(name: "bridged On/Off read over CASE p50, \(home)", unit: .microseconds)
                case .readP99: Figure(name: "bridged On/Off read over CASE p99, \(home)", unit: .microseconds)
                case .reportP50:
                    Figure(name: "set_attribute to its subscription report over CASE p50, \(home)", unit: .microseconds)
                case .reportP99:
                    Figure(name: "set_attribute to its subscription report over CASE p99, \(home)", unit: .microseconds)
                }
            }
        }
    }

    /// The bridge's rows: for each home of `Options.bridgeHomes` (On/Off lights loaded with `mhubd --scenario`),
    /// mhubd commissioned by the Swift commissioner, then its last light read over CASE beside `read_attribute`
    /// on the Unix socket, and changed with `set_attribute` (as `--as-physical`) heard by a CASE subscription
    /// beside a `start_listening` connection. The floor is the same messages' codec and crypto in one process.
    mutating func bridge() throws {
        let reads = options.bridgeReads
        let changes = options.bridgeChanges
        log("floor: the bridge's messages")
        var floor = BridgeFloor()
        let floorReads = try floor.reads(count: reads)
        let floorReports = try floor.reports(count: changes)
        for (home, devices) in options.bridgeHomes.enumerated() {
            log("mhubd: the bridge with \(devices) devices")
            let directory = options.work + "/mhub-bridge-\(devices)"
            let base = try ServerSetup.mhubd(binary: options.mhubd, directory: directory, matterPort: try freePort())
            let scenario = directory + "/bridge-home.json"
            try BridgeHome(devices: devices).scenario.write(toFile: scenario, atomically: true, encoding: .utf8)
            let setup = base.adding(["--scenario", scenario])
            guard let unix = setup.unix else { throw BenchFailure("mhubd's setup has no Unix socket") }
            let server = try setup.start()
            defer { server.stop() }
            let control = try MHubMessagePipe.connectWhenReady(to: setup.webSocket, timeout: 120)
            defer { control.close() }
            let (passcode, port) = try openWindow(setup, control)
            let bridge = try BridgeBench(unix: unix, port: port, passcode: passcode)
            log("mhubd: commissioned; node \(bridge.node)'s On/Off is \(bridge.onOff) on the bridge")

            let caseReads = try bridge.readsOverCASE(count: reads, warmUp: 100)
            let socketReads = try bridge.readsOverControlSocket(count: reads, warmUp: 100)
            // The listener first: the subscription, once made, has every later change reported over CASE too.
            let socketReports = try bridge.reportsOverControlSocket(count: changes, warmUp: 10)
            let caseReports = try bridge.reportsOverCASE(count: changes, warmUp: 10)
            for (row, column, sample) in [
                (BridgeRow.readP50, Column.mhub, caseReads), (.readP50, .reference, socketReads),
                (.readP50, .floor, floorReads), (.reportP50, .mhub, caseReports),
                (.reportP50, .reference, socketReports), (.reportP50, .floor, floorReports),
            ] {
                record(Self.row(row, home: home), column, sample.median.map { $0 * 1e6 })
                record(Self.row(row, home: home) + 1, column, sample.percentile(0.99).map { $0 * 1e6 })
            }
            note(
                Self.row(.readP50, home: home),
                "mhubd: a ReadRequest for the home's last light's On/Off on the Swift commissioner's CASE session "
                    + "(UDP on loopback), timed until its ReportData is decoded; \(reads) reads. Reference column: "
                    + "the same read as read_attribute on mhubd's Unix socket (not python-matter-server). Floor: the "
                    + "read's messages (ReadRequest, ReportData, acknowledgement) encoded, sealed, opened and decoded "
                    + "in one process.")
            note(
                Self.row(.reportP50, home: home),
                "mhubd: set_attribute on the Unix socket (what --as-physical sends), timed until a CASE subscription's "
                    + "(min interval 0) ReportData of the new value is decoded and answered with StatusResponse; "
                    + "\(changes) changes. Reference column: the same change until attribute_updated reaches a "
                    + "start_listening connection of the Unix socket. Floor: the report's messages (ReportData, "
                    + "StatusResponse, acknowledgement) in one process, without the change itself.")
        }
    }
}

extension ServerSetup {
    /// The same server started with `more` arguments after its own.
    func adding(_ more: [String]) -> ServerSetup {
        ServerSetup(
            name: name, webSocket: webSocket, unix: unix, executable: executable, arguments: arguments + more,
            logPath: logPath)
    }
}
