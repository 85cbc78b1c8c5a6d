import Foundation
import MHubClient
import MHubJSON

/// One benchmark run: the floor, mhubd and the reference measured one after another on this machine, each
/// figure in the same run as its comparisons.
struct BenchRun {
    enum Column {
        /// `before`: another mhubd build measured the same way in the same run (`--before`).
        case mhub, before, reference, floor
    }

    let options: Options
    var report = Report()
    /// The rows of the large home of mixed kinds (`mhubMixedHome`), after the bridge's: start-up, then memory. The
    /// report shows them beside the lights' rows 1 and 20 (`arrangedFigures`).
    let mixedStartupRow: Int
    var mixedMemoryRow: Int { mixedStartupRow + 1 }
    /// The first of the devices on the network's rows (`networkDevices()`, `NetworkDeviceRow`), after the mixed home's.
    let networkDevicesRow: Int
    /// The first of the HomeKit face's rows (`homeKit()`, `HomeKitRow`), after the devices on the network's.
    let homeKitRow: Int

    /// The places in `report.figures` of the rows the later measurements fill.
    enum Row {
        static let paseHandshakes = 18
        static let caseHandshakes = 25
        static let chipCommissioning = 26
        static let ohfCommissioning = 27
        static let instancesReady = 28
        static let instancesMemory = 29
        static let virtualTimeline = 30
        /// `device_command` into a 1-device and a large home (`homeWrites`): round trip p50, then pipelined.
        static let writeRoundTripSmall = 31
        static let writeRoundTripLarge = 32
        static let writePipelinedSmall = 33
        static let writePipelinedLarge = 34
        /// Full commissioning sessions on an mhubd whose commits are not synced to the disk (`storage_sync` normal,
        /// as `--ephemeral` runs), beside row 16's default.
        static let sessionsNormalSync = 35
        /// `server_info` round trips with the client and the server on one CPU (`onOneCPU`): p50 over WebSocket,
        /// then over the Unix socket.
        static let oneCPURoundTrip = 36
        /// PASE, then CASE handshakes with the client and the servers on one CPU (`handshakes()`).
        static let oneCPUHandshakes = oneCPURoundTrip + 2
        /// The first of the bridge's rows (`bridge()`, `BridgeRow`): four for each of `Options.bridgeHomes`.
        static let bridge = oneCPUHandshakes + 2
    }

    init(options: Options) {
        self.options = options
        let large = options.largeHome.formatted()
        let clients = options.clients.formatted()
        let burst = options.burstRequests.formatted()
        let instances = options.instances
        report.figures = [
            Figure(name: "start-up until server_info, empty home", unit: .milliseconds),
            Figure(name: "start-up until server_info, \(large) devices", unit: .milliseconds),
            Figure(name: "server_info round trip p50, WebSocket", unit: .microseconds),
            Figure(name: "server_info round trip p99, WebSocket", unit: .microseconds),
            Figure(name: "serial requests, WebSocket", unit: .perSecond),
            Figure(name: "server_info round trip p50, Unix socket", unit: .microseconds),
            Figure(name: "server_info round trip p99, Unix socket", unit: .microseconds),
            Figure(name: "serial requests, Unix socket", unit: .perSecond),
            Figure(name: "pipelined requests, 1 WebSocket connection", unit: .perSecond),
            Figure(name: "pipelined requests, 8 WebSocket connections", unit: .perSecond),
            Figure(name: "pipelined requests, 1 Unix connection", unit: .perSecond),
            Figure(name: "pipelined requests, 8 Unix connections", unit: .perSecond),
            Figure(name: "attribute change to 100 listeners, p50", unit: .milliseconds),
            Figure(name: "attribute change to 100 listeners, p99", unit: .milliseconds),
            Figure(name: "attribute change to \(clients) listeners, p50", unit: .milliseconds),
            Figure(name: "attribute change to \(clients) listeners, p99", unit: .milliseconds),
            Figure(name: "full commissioning sessions (instant)", unit: .perSecond),
            Figure(name: "devices commissioned by one commission_with_code each", unit: .perSecond),
            Figure(name: "PASE handshakes (UDP)", unit: .perSecond),
            Figure(name: "memory (RSS), idle, empty home", unit: .megabytes),
            Figure(name: "memory (RSS), \(large) devices", unit: .megabytes),
            Figure(name: "memory (RSS), \(clients) clients connected", unit: .megabytes),
            Figure(name: "mutating burst: \(burst) rename_room pipelined, 1 WebSocket connection", unit: .perSecond),
            Figure(name: "get_status round trip p50 during the burst, another connection", unit: .microseconds),
            Figure(name: "get_status round trip p99 during the burst, another connection", unit: .microseconds),
            Figure(name: "CASE handshakes (UDP)", unit: .perSecond),
            Figure(
                name: "commissioning end to end: CHIP controller 2025.7.0, CommissionOnNetwork", unit: .milliseconds),
            Figure(
                name: "commissioning end to end: python-matter-server 7.0.1's server, commission_on_network",
                unit: .milliseconds),
            Figure(
                name: "\(instances) ephemeral instances started at once, until every ready file", unit: .milliseconds),
            Figure(name: "memory (RSS), \(instances) ephemeral instances, all together", unit: .megabytes),
            Figure(
                name: "a \(VirtualTimeline.minutes)-minute scenario timeline on the virtual clock, one advance_clock",
                unit: .milliseconds),
            Figure(name: "device_command round trip p50, 1-device home", unit: .microseconds),
            Figure(name: "device_command round trip p50, \(large)-device home", unit: .microseconds),
            Figure(name: "device_command pipelined, 1-device home, 1 WebSocket connection", unit: .perSecond),
            Figure(name: "device_command pipelined, \(large)-device home, 1 WebSocket connection", unit: .perSecond),
            Figure(name: "full commissioning sessions (instant), storage_sync normal", unit: .perSecond),
            Figure(name: "server_info round trip p50, WebSocket, client and server on one CPU", unit: .microseconds),
            Figure(name: "server_info round trip p50, Unix socket, client and server on one CPU", unit: .microseconds),
            Figure(name: "PASE handshakes (UDP), client and server on one CPU", unit: .perSecond),
            Figure(name: "CASE handshakes (UDP), client and server on one CPU", unit: .perSecond),
        ]
        precondition(report.figures.count == Row.bridge, "Row.bridge must follow the last row before it")
        report.figures += Self.bridgeFigures(homes: options.bridgeHomes)
        mixedStartupRow = report.figures.count
        report.figures += [
            Figure(name: "start-up until server_info, \(large) devices of mixed kinds", unit: .milliseconds),
            Figure(name: "memory (RSS), \(large) devices of mixed kinds", unit: .megabytes),
        ]
        networkDevicesRow = report.figures.count
        report.figures += Self.networkDeviceFigures(
            devices: options.networkDevices, commissionings: options.networkCommissionings,
            idleSeconds: options.idleSeconds)
        homeKitRow = report.figures.count
        report.figures += Self.homeKitFigures
    }

    /// The figures in the report's order: the mixed home's start-up and memory right after the lights' (rows 1 and
    /// 20), the rest in their rows' order.
    var arrangedFigures: [Figure] {
        var figures: [Figure] = []
        for (index, figure) in report.figures.enumerated() where index != mixedStartupRow && index != mixedMemoryRow {
            figures.append(figure)
            if index == 1 { figures.append(report.figures[mixedStartupRow]) }
            if index == 20 { figures.append(report.figures[mixedMemoryRow]) }
        }
        return figures
    }

    mutating func record(_ index: Int, _ column: Column, _ value: Double?, note text: String? = nil) {
        switch column {
        case .mhub: report.figures[index].mhub = value
        case .before: report.figures[index].before = value
        case .reference: report.figures[index].reference = value
        case .floor: report.figures[index].floor = value
        }
        if let text { note(index, text) }
        if let value {
            log(
                "\(report.figures[index].name): \(column) \(String(format: "%.4g", value)) \(report.figures[index].unit.rawValue)"
            )
        }
    }

    mutating func note(_ index: Int, _ text: String) {
        report.figures[index].note += (report.figures[index].note.isEmpty ? "" : " ") + text
    }

    func log(_ text: String) {
        FileHandle.standardError.write(Data("bench: \(text)\n".utf8))
    }

    // MARK: shared measurements

    /// Round trips (as the scheduler places the two sides, then on one CPU) and the serial rate over one transport;
    /// `first` is the p50 figure's index. The pipelined rates are `pipelined()`'s.
    private mutating func requests(
        _ endpoint: MHubEndpoint, _ column: Column, server: ServerProcess, p50 first: Int
    ) throws {
        let trips = try measureRoundTrips(endpoint, count: options.roundTrips)
        record(first, column, trips.latencies.median.map { $0 * 1e6 })
        record(first + 1, column, trips.latencies.percentile(0.99).map { $0 * 1e6 })
        record(first + 2, column, trips.perSecond)
        let pinned = try onOneCPU(withServers: [server.pid]) {
            try measureRoundTrips(endpoint, count: options.roundTrips)
        }
        record(
            Row.oneCPURoundTrip + (first == 2 ? 0 : 1), column, pinned.latencies.median.map { $0 * 1e6 },
            note: column == .floor && first == 2
                ? "The client's thread and every thread of the server (its process tree) pinned to CPU 0 with taskset: "
                    + "unpinned, a run's round trips cost what the scheduler's placement makes of them (on one CPU or two)."
                : nil)
    }

    private mutating func fanout(
        _ endpoint: MHubEndpoint, _ column: Column, event: String, trigger: @escaping (Int) -> String
    ) throws {
        for (offset, listeners) in [100, options.clients].enumerated() {
            let rounds = listeners > 100 ? max(options.fanoutRounds / 2, 3) : options.fanoutRounds
            let sample = try measureFanout(
                endpoint, listeners: listeners, rounds: rounds, event: event, trigger: trigger)
            record(12 + offset * 2, column, sample.median.map { $0 * 1e3 })
            record(13 + offset * 2, column, sample.percentile(0.99).map { $0 * 1e3 })
        }
    }

    /// The mutating burst (figures 22–24): `rename_room` on one room, a new name each time.
    private mutating func burst(_ endpoint: MHubEndpoint, _ column: Column, room: Int64) throws {
        let result = try measureBurst(endpoint, requests: options.burstRequests, rounds: options.burstRounds) {
            round, index in
            #"{"message_id":"b\#(round)-\#(index)","command":"rename_room","args":{"room_id":\#(room),"name":"Burst \#(round)-\#(index)"}}"#
        }
        record(22, column, result.perSecond)
        record(
            23, column, result.statusLatencies.median.map { $0 * 1e6 },
            note: "\(column): \(result.statusLatencies.count) round trips.")
        record(24, column, result.statusLatencies.percentile(0.99).map { $0 * 1e6 })
    }

    /// Only the burst figures (`--only burst`), for the floor and mhubd (and the build before), each in a fresh state.
    mutating func burstOnly() throws {
        try onFloorAndEachMhubd("mutating burst", directory: "burst") { bench, setup, _, column in
            let room = column == .floor ? 1 : try bench.createBurstRoom(setup.webSocket)
            try bench.burst(setup.webSocket, column, room: room)
        }
    }

    /// An `--only` phase: `measure` on a fresh floor, then on a fresh mhubd of each column (in `directory`), each
    /// stopped before the next starts.
    private mutating func onFloorAndEachMhubd(
        _ what: String, directory name: String,
        _ measure: (inout BenchRun, ServerSetup, ServerProcess, Column) throws -> Void
    ) throws {
        log("floor: \(what)")
        let floorSetup = try ServerSetup.floor(directory: options.work + "/floor")
        let floorServer = try floorSetup.start()
        do {
            defer { floorServer.stop() }
            _ = try MHubMessagePipe.connectWhenReady(to: floorSetup.webSocket, timeout: 30)
            try measure(&self, floorSetup, floorServer, .floor)
        }
        for column in mhubColumns {
            log("\(label(column)): \(what)")
            let setup = try ServerSetup.mhubd(
                binary: binary(column), directory: directory(column, name), matterPort: try freePort())
            let server = try setup.start()
            defer { server.stop() }
            _ = try MHubMessagePipe.connectWhenReady(to: setup.webSocket, timeout: 30)
            try measure(&self, setup, server, column)
        }
    }

    /// The mhubd columns this run fills: mhubd, and the build before when `--before` names one.
    var mhubColumns: [Column] { options.before == nil ? [.mhub] : [.mhub, .before] }

    /// The mhubd build measured in `column`.
    func binary(_ column: Column) -> String {
        column == .before ? options.before ?? options.mhubd : options.mhubd
    }

    /// The name a column's mhubd has in the log.
    func label(_ column: Column) -> String { column == .before ? "mhubd (before)" : "mhubd" }

    /// A fresh directory of the work directory for one of mhubd's measurements in `column`.
    func directory(_ column: Column, _ name: String) -> String {
        options.work + "/mhub-\(name)" + (column == .before ? "-before" : "")
    }

    /// The Matter handshakes' figures (also `--only case`): PASE, then CASE, for the floor (both sides' computation in
    /// one process) and each mhubd column (a fresh state each, its window opened for them), in alternating rounds
    /// (`alternating`).
    mutating func handshakes() throws {
        var servers: [ServerProcess] = []
        defer { for server in servers { server.stop() } }
        var windows: [(column: Column, passcode: UInt32, port: UInt16)] = []
        for column in mhubColumns {
            let setup = try ServerSetup.mhubd(
                binary: binary(column), directory: directory(column, "case"), matterPort: try freePort())
            servers.append(try setup.start())
            let control = try MHubMessagePipe.connectWhenReady(to: setup.webSocket, timeout: 30)
            defer { control.close() }
            let (passcode, port) = try openWindow(setup, control)
            windows.append((column, passcode, port))
        }
        // PASE first: commissioning for CASE closes the windows.
        log("PASE: the floor and \(windows.count) mhubd in alternating rounds, then all on one CPU")
        var pase = [Contender(column: .floor, run: try paseComputation(passcode: 20_202_021, iterations: 1000))]
        for window in windows {
            pase.append(
                Contender(column: window.column, run: try paseHandshakes(port: window.port, passcode: window.passcode)))
        }
        try recordAlternating(Row.paseHandshakes, pase, count: options.paseHandshakes)
        try onOneCPU(withServers: servers.map(\.pid)) {
            try recordAlternating(Row.oneCPUHandshakes, pase, count: options.paseHandshakes)
        }
        log("CASE: the floor and \(windows.count) mhubd in alternating rounds, then all on one CPU")
        var handshakes = [Contender(column: .floor, run: try caseComputation())]
        for window in windows {
            handshakes.append(
                Contender(column: window.column, run: try caseHandshakes(port: window.port, passcode: window.passcode)))
        }
        try recordAlternating(Row.caseHandshakes, handshakes, count: options.caseHandshakes)
        try onOneCPU(withServers: servers.map(\.pid)) {
            try recordAlternating(Row.oneCPUHandshakes + 1, handshakes, count: options.caseHandshakes)
        }
        note(Row.paseHandshakes, "PASE floor: both sides' SPAKE2+ in one process, no messages.")
        note(
            Row.caseHandshakes,
            "CASE floor: both sides' handshake (Sigma messages, ECDH, signatures, chains) in one process, no messages. "
                + "mhubd: full handshakes (no resumption) on the fabric the Swift commissioner gave it, each closed.")
        note(
            Row.oneCPUHandshakes,
            "Unpinned, each handshake's messages wake the other side on the other CPU (about 0.1 ms each here); "
                + "pinned, the two sides' work is what is compared with the floor's, which runs on one CPU anyway.")
    }

    /// Records in row `index` each contender's rate, measured in alternating rounds after a warm-up.
    private mutating func recordAlternating(_ index: Int, _ contenders: [Contender], count: Int) throws {
        let rates = try alternating(contenders, count: count, rounds: options.alternatingRounds, warmUp: options.warmUp)
        for (contender, rate) in zip(contenders, rates) {
            record(index, contender.column, rate)
        }
        note(index, "In \(options.alternatingRounds) alternating rounds after \(options.warmUp) untimed each.")
    }

    /// The end-to-end commissioning figures (`Row.chipCommissioning`, `Row.ohfCommissioning`), when the script is given (it needs root).
    mutating func commissioning() throws {
        guard let script = options.commissioningScript else { return }
        log("commissioning end to end: \(options.commissioningRuns) runs per controller")
        let result = try EndToEndCommissioning.measure(
            script: script, mhubd: options.mhubd, mhubctl: options.mhubctl, work: options.work,
            runs: options.commissioningRuns)
        for (index, controller) in [(Row.chipCommissioning, "chip"), (Row.ohfCommissioning, "ohf")] {
            let sample = result.seconds[controller] ?? Sample()
            record(index, .mhub, sample.median.map { $0 * 1e3 })
            let range =
                sample.count > 1
                ? String(format: ", %.0f–%.0f ms", sample.values.min()! * 1e3, sample.values.max()! * 1e3) : ""
            note(index, "median of \(sample.count) runs\(range), across the test network's veth pair.")
            if let failure = result.failures[controller] { note(index, "A run failed: \(failure.prefix(200))") }
        }
        note(
            Row.chipCommissioning,
            "Timed around the call in the controller: discovery, PASE, every stage, CASE, CommissioningComplete.")
        note(
            Row.ohfCommissioning,
            "As its client waits: the same stages (chip-core 2024.11.4), then its interview and subscription attempt.")
    }

    /// A room for the burst to rename; returns its ID.
    private func createBurstRoom(_ endpoint: MHubEndpoint) throws -> Int64 {
        let control = try MHubMessagePipe.connectWhenReady(to: endpoint, timeout: 30)
        defer { control.close() }
        guard case .integer(let room)? = try control.call("create_room", ["name": "Burst"])["room_id"] else {
            throw BenchFailure("create_room returned no room_id")
        }
        return room
    }

    private func megabytes(_ bytes: Double) -> Double { bytes / 1_048_576 }

    // MARK: the floor

    mutating func floor() throws {
        log("floor: starting")
        let setup = try ServerSetup.floor(directory: options.work + "/floor")
        let server = try setup.start()
        defer { server.stop() }
        _ = try MHubMessagePipe.connectWhenReady(to: setup.webSocket, timeout: 30)
        record(19, .floor, megabytes(try settledResidentBytes(of: server)))
        try requests(setup.webSocket, .floor, server: server, p50: 2)
        if let unix = setup.unix { try requests(unix, .floor, server: server, p50: 5) }
        record(21, .floor, megabytes(try residentBytes(of: server, with: options.clients, clientsOf: setup.webSocket)))
        try fanout(setup.webSocket, .floor, event: "attribute_updated") { round in
            #"{"message_id":"toggle-\#(round)","command":"device_command","args":{}}"#
        }
        try burst(setup.webSocket, .floor, room: 1)
    }

    /// Starts fresh servers one after another (each from an empty state) and records the median start-up and
    /// the last one's idle memory; the last one is left running for the next measurements.
    private mutating func emptyHomeStartups(
        _ column: Column, _ makeSetup: (Int) throws -> ServerSetup
    ) throws -> (ServerSetup, ServerProcess) {
        var startups = Sample()
        var running: (ServerSetup, ServerProcess)?
        for attempt in 0..<max(options.startups, 1) {
            let setup = try makeSetup(attempt)
            let (seconds, server) = try setup.startTimed()
            startups.append(seconds)
            if let (_, previous) = running { previous.stop() }
            running = (setup, server)
        }
        let (setup, server) = running!
        record(0, column, startups.median.map { $0 * 1e3 })
        record(19, column, megabytes(try settledResidentBytes(of: server)))
        return (setup, server)
    }

    // MARK: mhubd

    /// The fan-out figures of an mhubd: one light commissioned, then toggled with listeners waiting (`fanout`).
    private mutating func mhubFanout(_ endpoint: MHubEndpoint, _ column: Column) throws {
        let control = try MHubMessagePipe.connectWhenReady(to: endpoint, timeout: 30)
        defer { control.close() }
        _ = try commissionLights(control, count: 1)
        guard case .array(let nodes) = try control.call("get_nodes"), case .integer(let node)? = nodes.first?["node_id"]
        else {
            throw BenchFailure("no node after commissioning one")
        }
        try fanout(endpoint, column, event: "attribute_updated") { round in
            #"{"message_id":"toggle-\#(round)","command":"device_command","args":{"node_id":\#(node),"endpoint_id":1,"cluster_id":6,"command_name":"Toggle","payload":{}}}"#
        }
    }

    /// Every figure of a fresh mhubd (`column`: this build or the one before).
    mutating func mhub(_ column: Column) throws {
        log("\(label(column)): start-up, empty home")
        let (binary, directory) = (binary(column), directory(column, "empty"))
        let (setup, server) = try emptyHomeStartups(column) { attempt in
            try ServerSetup.mhubd(binary: binary, directory: directory + "-\(attempt)", matterPort: try freePort())
        }
        defer { server.stop() }
        try requests(setup.webSocket, column, server: server, p50: 2)
        if let unix = setup.unix { try requests(unix, column, server: server, p50: 5) }
        record(21, column, megabytes(try residentBytes(of: server, with: options.clients, clientsOf: setup.webSocket)))

        try mhubFanout(setup.webSocket, column)
        log("\(label(column)): mutating burst")
        try burst(setup.webSocket, column, room: try createBurstRoom(setup.webSocket))
    }

    /// `device_command` round trips and pipelined toggles (`Row.writeRoundTripSmall` …) of `node` in the large home
    /// at `large` and of the one light of a fresh 1-device home: the two homes' round trips in alternating rounds
    /// (`alternating`), then their bursts of `options.burstRequests`.
    private mutating func homeWrites(_ large: MHubEndpoint, node: Int64, _ column: Column) throws {
        log("\(label(column)): writes into the large home and a 1-device home in alternating rounds")
        let setup = try ServerSetup.mhubd(
            binary: binary(column), directory: directory(column, "home"), matterPort: try freePort())
        let server = try setup.start()
        defer { server.stop() }
        do {
            let control = try MHubMessagePipe.connectWhenReady(to: setup.webSocket, timeout: 30)
            defer { control.close() }
            _ = try commissionLights(control, count: 1)
        }
        let homes = [
            (try HomeWriter(setup.webSocket, node: 1), Row.writeRoundTripSmall, Row.writePipelinedSmall),
            (try HomeWriter(large, node: node), Row.writeRoundTripLarge, Row.writePipelinedLarge),
        ]
        let rounds = options.homeWriteRounds
        _ = try alternating(
            homes.map { writer, _, _ in Contender(column: column, run: writer.roundTrips) },
            count: options.homeWriteRoundTrips, rounds: rounds, warmUp: 0)
        let rates = try alternating(
            homes.map { writer, _, _ in Contender(column: column, run: writer.burst) },
            count: options.burstRequests * rounds, rounds: rounds, warmUp: 0)
        for ((writer, roundTrip, pipelined), rate) in zip(homes, rates) {
            record(roundTrip, column, writer.latencies.median.map { $0 * 1e6 })
            record(pipelined, column, rate)
        }
    }

    /// Only the fan-out figures (`--only fanout`): an attribute change to 100 and to 1,000 listeners, for the floor and
    /// mhubd (and the build before), each in a fresh state with one commissioned light, one after another.
    mutating func fanoutOnly() throws {
        try onFloorAndEachMhubd("fan-out", directory: "fanout") { bench, setup, _, column in
            if column == .floor {
                try bench.fanout(setup.webSocket, .floor, event: "attribute_updated") { round in
                    #"{"message_id":"toggle-\#(round)","command":"device_command","args":{}}"#
                }
            } else {
                try bench.mhubFanout(setup.webSocket, column)
            }
        }
    }

    /// Only the request figures (`--only requests`): round trips and serial rates over both transports, for the floor
    /// and mhubd (and the build before), each in a fresh state; then the pipelined rates (`pipelined`).
    mutating func requestsOnly() throws {
        try onFloorAndEachMhubd("requests", directory: "requests") { bench, setup, server, column in
            try bench.requests(setup.webSocket, column, server: server, p50: 2)
            if let unix = setup.unix { try bench.requests(unix, column, server: server, p50: 5) }
        }
        try pipelined()
    }

    /// The pipelined rates (rows 8–11: 1 and 8 connections over WebSocket, then over the Unix socket): the floor,
    /// each mhubd column and the reference (WebSocket only) on fresh servers up for the whole phase, in alternating
    /// rounds (`alternating`).
    mutating func pipelined() throws {
        var servers: [ServerProcess] = []
        defer { for server in servers { server.stop() } }
        var setups: [(Column, ServerSetup)] = [
            (.floor, try ServerSetup.floor(directory: options.work + "/floor-pipelined"))
        ]
        for column in mhubColumns {
            setups.append(
                (
                    column,
                    try ServerSetup.mhubd(
                        binary: binary(column), directory: directory(column, "pipelined"), matterPort: try freePort())
                ))
        }
        if let script = options.referenceScript {
            setups.append(
                (
                    .reference,
                    try ServerSetup.reference(script: script, directory: options.work + "/reference-pipelined")
                ))
        }
        for (_, setup) in setups {
            servers.append(try setup.start())
            _ = try MHubMessagePipe.connectWhenReady(to: setup.webSocket, timeout: 60)
        }
        for (offset, (unix, connections)) in [(false, 1), (false, 8), (true, 1), (true, 8)].enumerated() {
            log(
                "pipelined requests, \(connections) \(unix ? "Unix" : "WebSocket") connections: \(setups.count) servers in alternating rounds"
            )
            var contenders: [Contender] = []
            for (column, setup) in setups {
                guard let endpoint = unix ? setup.unix : setup.webSocket else { continue }
                contenders.append(
                    Contender(
                        column: column,
                        run: try pipelinedRequests(endpoint, connections: connections, window: options.window)))
            }
            try recordAlternating(8 + offset, contenders, count: options.pipelinedRequests)
        }
    }

    /// The full commissioning sessions' figures (also `--only sessions`): the floor (a session is four requests
    /// answered at once: four echoes in a row), each mhubd column in a fresh state, and this build with `storage_sync`
    /// normal (`Row.sessionsNormalSync`; the build before may not know the key), in alternating rounds.
    mutating func sessions() throws {
        var servers: [ServerProcess] = []
        var pipes: [MHubMessagePipe] = []
        defer {
            for pipe in pipes { pipe.close() }
            for server in servers { server.stop() }
        }
        let floorSetup = try ServerSetup.floor(directory: options.work + "/floor-sessions")
        servers.append(try floorSetup.start())
        pipes.append(try MHubMessagePipe.connectWhenReady(to: floorSetup.webSocket, timeout: 30))
        var contenders = [Contender(column: .floor, run: echoSessions(pipes[0]))]
        var rows = [16]
        for (column, normalSync) in mhubColumns.map({ ($0, false) }) + [(.mhub, true)] {
            let setup = try ServerSetup.mhubd(
                binary: binary(column), directory: directory(column, normalSync ? "sessions-normal" : "sessions"),
                matterPort: try freePort(), storageSync: normalSync ? "normal" : nil)
            servers.append(try setup.start())
            let control = try MHubMessagePipe.connectWhenReady(to: setup.webSocket, timeout: 30)
            pipes.append(control)
            let count = options.commissioningSessions + options.warmUp
            let codes = try addLights(control, count: count, firstDiscriminator: 100)
            contenders.append(Contender(column: column, run: commissioningSessions(control, codes: codes)))
            rows.append(normalSync ? Row.sessionsNormalSync : 16)
        }
        log("commissioning sessions: the floor and \(contenders.count - 1) mhubd in alternating rounds")
        let rates = try alternating(
            contenders, count: options.commissioningSessions, rounds: options.alternatingRounds,
            warmUp: options.warmUp)
        for (row, (contender, rate)) in zip(rows, zip(contenders, rates)) {
            record(row, contender.column, rate)
        }
        note(
            16,
            "floor: 4 echoed requests per session. In \(options.alternatingRounds) alternating rounds after "
                + "\(options.warmUp) untimed each.")
    }

    /// The notes of the large home's write rows: what a write there costs next to one in the 1-device home.
    mutating func noteHomeWriteRatios() {
        for (small, large) in [
            (Row.writeRoundTripSmall, Row.writeRoundTripLarge), (Row.writePipelinedSmall, Row.writePipelinedLarge),
        ] {
            let rate = report.figures[large].unit == .perSecond
            var parts: [String] = []
            for (column, value) in [(Column.mhub, \Figure.mhub), (.before, \Figure.before)] {
                guard let one = report.figures[small][keyPath: value], let many = report.figures[large][keyPath: value],
                    one > 0, many > 0
                else { continue }
                parts.append(String(format: "\(label(column)) %.2f×", rate ? one / many : many / one))
            }
            if !parts.isEmpty {
                note(large, "A write's cost ÷ the 1-device home's: " + parts.joined(separator: ", ") + ".")
            }
        }
    }

    /// Opens mhubd's commissioning window for 15 minutes (1,000 PBKDF2 iterations); returns its passcode and the
    /// Matter port.
    func openWindow(_ setup: ServerSetup, _ control: MHubMessagePipe) throws -> (UInt32, UInt16) {
        let window = try control.call("open_commissioning_window", ["timeout": 900, "iteration": 1000])
        guard case .integer(let passcode)? = window["setup_pin_code"], case .integer(let port) = try matterPort(setup)
        else {
            throw BenchFailure("no commissioning window: \(window)")
        }
        return (UInt32(passcode), UInt16(port))
    }

    private func matterPort(_ setup: ServerSetup) throws -> JSONValue {
        let text = try String(contentsOfFile: setup.arguments[1], encoding: .utf8)
        guard let port = try JSONParser(maximumBytes: 1 << 20).parse(text)["matter"]?["port"] else {
            throw BenchFailure("no matter.port in \(setup.arguments[1])")
        }
        return port
    }

    /// The large home (`column`: this build or the one before; also `--only home`): filled by commissioning, then
    /// started from disk (start-up, memory), then written to in alternating rounds with a fresh 1-device home
    /// (`homeWrites`).
    mutating func mhubLargeHome(_ column: Column) throws {
        let count = options.largeHome
        log("\(label(column)): commissioning \(count) devices")
        let setup = try ServerSetup.mhubd(
            binary: binary(column), directory: directory(column, "large"), matterPort: try freePort())
        let server = try setup.start()
        do {
            let control = try MHubMessagePipe.connectWhenReady(to: setup.webSocket, timeout: 30)
            record(17, column, try commissionLights(control, count: count))
            control.close()
        }
        server.stop()
        var startups = Sample()
        for attempt in 0..<options.startups {
            let (seconds, server) = try setup.startTimed()
            startups.append(seconds)
            record(20, column, megabytes(try settledResidentBytes(of: server)))
            if attempt == options.startups - 1 {
                let node = Int64(count / 2)
                let control = try MHubMessagePipe.connectWhenReady(to: setup.webSocket, timeout: 30)
                try control.call("get_node", ["node_id": .integer(node)])
                control.close()
                try homeWrites(setup.webSocket, node: node, column)
            }
            server.stop()
        }
        record(1, column, startups.median.map { $0 * 1e3 })
        try mhubMixedHome(column)
    }

    /// The large home again with devices of every kind instead of lights (`commissionMixedDevices`: the templates in
    /// turn), started from disk the same way: start-up and memory beside the lights' (issue 34).
    mutating func mhubMixedHome(_ column: Column) throws {
        let count = options.largeHome
        log("\(label(column)): commissioning \(count) devices of mixed kinds")
        let setup = try ServerSetup.mhubd(
            binary: binary(column), directory: directory(column, "mixed"), matterPort: try freePort())
        let server = try setup.start()
        let templates: [String]
        do {
            let control = try MHubMessagePipe.connectWhenReady(to: setup.webSocket, timeout: 30)
            templates = try commissionMixedDevices(control, count: count)
            control.close()
        }
        server.stop()
        var startups = Sample()
        for _ in 0..<options.startups {
            let (seconds, server) = try setup.startTimed()
            startups.append(seconds)
            record(mixedMemoryRow, column, megabytes(try settledResidentBytes(of: server)))
            server.stop()
        }
        record(mixedStartupRow, column, startups.median.map { $0 * 1e3 })
        if column == .mhub {
            let kinds = "\(templates.count) templates in turn (get_templates without the bridge)"
            note(mixedStartupRow, "\(kinds); as the row of \(count.formatted()) lights, measured the same way.")
            note(
                mixedMemoryRow,
                "\(kinds). No reference: its \(count.formatted()) nodes are On/Off lights (bench/reference-nodes.py).")
        }
    }

    // MARK: many instances at once

    /// `Row.instancesReady` and `Row.instancesMemory`: `options.instances` servers started at once, each writing a ready file; for mhubd,
    /// `mhubd --ephemeral`, each checked to answer with its own instance and to share no state directory or port
    /// with another, and to leave no state directory behind.
    mutating func instances() throws {
        let count = options.instances
        log("floor: \(count) at once")
        let floorDirectory = options.work + "/floor-fleet"
        let floor = try InstanceFleet.start(
            "floor", count: count, executable: try ownExecutable(), directory: floorDirectory
        ) { index, readyFile in
            ["floor", "--port", "0", "--unix", "\(floorDirectory)/floor-\(index).sock", "--ready-file", readyFile]
        }
        record(
            Row.instancesReady, .floor, floor.seconds * 1e3,
            note: "Floor: \(count) `mhub-bench floor` processes, each writing its ready file once it listens.")
        record(Row.instancesMemory, .floor, megabytes(try floor.residentBytes()))
        try floor.checkEachAnswers { _, _ in }
        floor.stop()

        for column in mhubColumns {
            try instances(column)
        }
        for index in [Row.instancesReady, Row.instancesMemory] {
            note(
                index,
                "No reference: python-matter-server has no throw-away mode or ready file; \(count) of it would need \(count) private mount namespaces and cost \(count) times its start-up and idle memory above."
            )
        }
    }

    /// The many-instances figures of one mhubd build.
    private mutating func instances(_ column: Column) throws {
        let count = options.instances
        log("\(label(column)): \(count) ephemeral instances at once")
        let fleet = try InstanceFleet.start(
            "mhubd", count: count, executable: binary(column), directory: directory(column, "fleet")
        ) { _, readyFile in
            ["--ephemeral", "--ready-file", readyFile, "--log-level", "warning"]
        }
        defer { fleet.stop() }
        record(Row.instancesReady, column, fleet.seconds * 1e3)
        record(Row.instancesMemory, column, megabytes(try fleet.residentBytes()))
        try fleet.checkEachAnswers { greeting, ready in
            guard greeting["instance"]?["pid"] == ready["pid"], ready["ephemeral"] == .bool(true) else {
                throw BenchFailure(
                    "an instance answered for another: \(JSONWriter.compact(greeting["instance"] ?? .null))")
            }
        }
        try fleet.checkNothingShared([
            "pid", "state_directory", "unix_socket", "websocket_url", "matter_port", "udc_port",
        ])
        fleet.stop()
        for ready in fleet.readies {
            guard case .string(let directory)? = ready["state_directory"],
                !FileManager.default.fileExists(atPath: directory)
            else { throw BenchFailure("an ephemeral instance left its state directory behind: \(ready)") }
        }
    }

    /// `Row.virtualTimeline`: the timeline's wall time on mhubd's virtual clock; the reference column is the
    /// timeline's own length in real time (what the real clock would take), since no other server has a virtual clock.
    mutating func virtualTimeline() throws {
        var result = (seconds: 0.0, steps: 0, events: 0)
        for column in mhubColumns {
            log("\(label(column)): a \(VirtualTimeline.minutes)-minute timeline on the virtual clock")
            let measured = try VirtualTimeline.measure(mhubd: binary(column), directory: directory(column, "timeline"))
            record(Row.virtualTimeline, column, measured.seconds * 1e3)
            if column == .mhub { result = (measured.seconds, measured.steps, measured.events) }
        }
        record(
            Row.virtualTimeline, .reference, Double(VirtualTimeline.minutes) * 60_000,
            note:
                "\(result.steps) steps on 20 dimmable lights (dims with 2-s transitions, toggles, switch presses, "
                + "devices dropping out), \(result.events) events to one listener; the reference column is the "
                + "timeline's length on the real clock.")
    }

    // MARK: the reference

    mutating func reference() throws {
        guard let script = options.referenceScript else { return }
        log("reference: start-up, empty home")
        let options = self.options
        let (setup, server) = try emptyHomeStartups(.reference) { attempt in
            try ServerSetup.reference(script: script, directory: options.work + "/reference-empty-\(attempt)")
        }
        defer { server.stop() }
        try requests(setup.webSocket, .reference, server: server, p50: 2)
        record(
            21, .reference, megabytes(try residentBytes(of: server, with: options.clients, clientsOf: setup.webSocket)))
        // Without a real device the reference has no attribute to change: its closest change that every
        // listener hears of is new Wi-Fi credentials (server_info_updated, ~320 bytes, to each listener).
        try fanout(setup.webSocket, .reference, event: "server_info_updated") { round in
            #"{"message_id":"wifi-\#(round)","command":"set_wifi_credentials","args":{"ssid":"bench","credentials":"round \#(round)"}}"#
        }
        for index in 12...15 {
            note(index, "Reference: set_wifi_credentials → server_info_updated (it has no device to change).")
        }
    }

    mutating func referenceLargeHome() throws {
        guard let script = options.referenceScript else { return }
        let count = options.largeHome
        let setup = try ServerSetup.reference(script: script, directory: options.work + "/reference-large")
        log("reference: writing \(count) nodes")
        let prepare = try ServerProcess(
            name: "reference-nodes", executable: script,
            arguments: Array(setup.arguments) + ["--nodes", String(count), "--prepare"],
            logPath: options.work + "/reference-nodes.log")
        guard prepare.process.wait() == 0 else {
            throw BenchFailure("writing the reference's nodes failed:\n\(prepare.logTail)")
        }
        var startups = Sample()
        for _ in 0..<options.startups {
            let (seconds, server) = try setup.startTimed()
            startups.append(seconds)
            record(20, .reference, megabytes(try settledResidentBytes(of: server)))
            server.stop()
        }
        record(1, .reference, startups.median.map { $0 * 1e3 })
    }
}
