import Foundation
import MHubClient
import MHubJSON

extension BenchRun {
    /// The HomeKit face's rows, in this order from `homeKitRow`: Pair Verify one at a time and four at once (rate,
    /// p50, p99), then the On write's round trip beside the control socket's `device_command`, and beside the same
    /// write to HAP-python.
    enum HomeKitRow: Int, CaseIterable {
        case verifyRate, verifyP50, verifyP99, verifyRate4, verifyP50x4, verifyP99x4
        case writeP50, writeP99, writeVersusPythonP50, writeVersusPythonP99
    }

    static let homeKitConcurrencies = [1, 4]

    static var homeKitFigures: [Figure] {
        HomeKitRow.allCases.map { row in
            switch row {
            case .verifyRate: Figure(name: "HomeKit Pair Verify handshakes (TCP), one at a time", unit: .perSecond)
            case .verifyP50: Figure(name: "HomeKit Pair Verify p50, one at a time", unit: .microseconds)
            case .verifyP99: Figure(name: "HomeKit Pair Verify p99, one at a time", unit: .microseconds)
            case .verifyRate4: Figure(name: "HomeKit Pair Verify handshakes (TCP), 4 at once", unit: .perSecond)
            case .verifyP50x4: Figure(name: "HomeKit Pair Verify p50, 4 at once", unit: .microseconds)
            case .verifyP99x4: Figure(name: "HomeKit Pair Verify p99, 4 at once", unit: .microseconds)
            case .writeP50:
                Figure(
                    name: "HomeKit On write round trip p50 (reference: the control socket's device_command)",
                    unit: .microseconds)
            case .writeP99:
                Figure(
                    name: "HomeKit On write round trip p99 (reference: the control socket's device_command)",
                    unit: .microseconds)
            case .writeVersusPythonP50:
                Figure(name: "HomeKit On write round trip p50 (reference: HAP-python 5.0.0)", unit: .microseconds)
            case .writeVersusPythonP99:
                Figure(name: "HomeKit On write round trip p99 (reference: HAP-python 5.0.0)", unit: .microseconds)
            }
        }
    }

    func homeKitIndex(_ row: HomeKitRow) -> Int { homeKitRow + row.rawValue }

    /// The HomeKit face's figures (`--only homekit`): mhubd with one On/Off light, paired once by the bench's Swift
    /// controller (`HAPControllerConnection`, SRP through `HAPSRPClient`); Pair Verify handshakes on fresh TCP
    /// connections, one and four at a time, beside the same against HAP-python (`--hap-python`) and the
    /// handshake's computation alone (the floor); then writes of the light's On on a verified connection, beside the
    /// same change as `device_command` on the Unix socket and the same write to HAP-python's light. Every
    /// comparison in alternating rounds.
    mutating func homeKit() throws {
        let setupCode = "031-45-154"
        let directory = options.work + "/mhub-homekit"
        let homeKitPort = try freePort()
        let setup = try ServerSetup.mhubd(
            binary: options.mhubd, directory: directory, matterPort: try freePort(),
            homeKit: (homeKitPort, setupCode))
        guard let unix = setup.unix else { throw BenchFailure("mhubd's setup has no Unix socket") }
        log("mhubd: the HomeKit face on port \(homeKitPort)")
        let server = try setup.start()
        defer { server.stop() }
        let control = try MHubMessagePipe.connectWhenReady(to: setup.webSocket, timeout: 60)
        defer { control.close() }
        _ = try commissionLights(control, count: 1)
        guard case .array(let nodes) = try control.call("get_nodes"), case .integer(let node)? = nodes.first?["node_id"]
        else { throw BenchFailure("no node after commissioning one light") }
        let mhub = try HomeKitBench(port: homeKitPort, setupCode: setupCode)
        log("mhubd: paired over HAP")

        var python: ServerProcess?
        var reference: HomeKitBench?
        defer { python?.stop() }
        if let interpreter = options.hapPython {
            let port = try freePort()
            let referenceDirectory = options.work + "/hap-python"
            try FileManager.default.createDirectory(atPath: referenceDirectory, withIntermediateDirectories: true)
            log("HAP-python: starting on port \(port)")
            python = try ServerProcess(
                name: "HAP-python", executable: interpreter,
                arguments: [options.hapReference, String(port), referenceDirectory + "/accessory.state"],
                logPath: referenceDirectory + "/hap-python.log")
            do {
                reference = try HomeKitBench(port: port, setupCode: setupCode)
            } catch {
                throw BenchFailure("HAP-python did not pair: \(error)\n\(python?.logTail ?? "")")
            }
            log("HAP-python: paired")
        }

        try homeKitHandshakes(mhub: mhub, reference: reference)
        try homeKitWrites(mhub: mhub, reference: reference, unix: unix, node: node)
        if reference == nil {
            note(
                homeKitIndex(.verifyRate),
                "No reference column: run with --hap-python (a Python with HAP-python 5.0.0) for HAP-python's.")
        }
    }

    /// Pair Verify, one at a time and four at once: each handshake a fresh TCP connection, connect to M4, closed.
    private mutating func homeKitHandshakes(mhub: HomeKitBench, reference: HomeKitBench?) throws {
        let count = options.homeKitHandshakes
        for (place, concurrent) in Self.homeKitConcurrencies.enumerated() {
            log("HomeKit: \(count) Pair Verify handshakes, \(concurrent) at a time, in alternating rounds")
            let mhubLatencies = SharedSample()
            let referenceLatencies = SharedSample()
            var contenders = [
                Contender(column: .mhub) { try mhub.handshakes($0, concurrent: concurrent, into: mhubLatencies) }
            ]
            if let reference {
                contenders.append(
                    Contender(column: .reference) {
                        try reference.handshakes($0, concurrent: concurrent, into: referenceLatencies)
                    })
            }
            if concurrent == 1 { contenders.append(Contender(column: .floor, run: try pairVerifyComputation())) }
            for contender in contenders { try contender.run(options.warmUp) }
            _ = mhubLatencies.take()
            _ = referenceLatencies.take()
            let rates = try alternating(contenders, count: count, rounds: options.alternatingRounds, warmUp: 0)
            let first = homeKitIndex(place == 0 ? .verifyRate : .verifyRate4)
            for (contender, rate) in zip(contenders, rates) {
                record(first, contender.column, rate)
                let latencies = contender.column == .mhub ? mhubLatencies : referenceLatencies
                guard contender.column != .floor else { continue }
                let sample = latencies.take()
                record(first + 1, contender.column, sample.median.map { $0 * 1e6 })
                record(first + 2, contender.column, sample.percentile(0.99).map { $0 * 1e6 })
            }
            note(
                first,
                "\(count) handshakes, \(concurrent == 1 ? "one after another" : "on \(concurrent) threads at once"), each "
                    + "a new TCP connection on loopback: connect, M1–M4 (X25519, Ed25519, ChaCha20-Poly1305), close; "
                    + "timed from connect to M4 by the bench's Swift controller, \(options.alternatingRounds) "
                    + "alternating rounds after \(options.warmUp) untimed each."
                    + (concurrent == 1
                        ? " Floor: both sides' computation of a handshake in one process, no messages." : ""))
        }
    }

    /// The light's On written on a verified HAP connection, beside `device_command` On/Off on the Unix socket and the
    /// same write to HAP-python: each write the opposite of the last on its path, in alternating rounds.
    private mutating func homeKitWrites(
        mhub: HomeKitBench, reference: HomeKitBench?, unix: MHubEndpoint, node: Int64
    ) throws {
        let count = options.homeKitWrites
        log("HomeKit: \(count) On writes on each path, in alternating rounds")
        let light = LightSwitch()
        let writer = try HomeKitWriter(mhub, light: light)
        let socket = try MHubMessagePipe.connectWhenReady(to: unix, timeout: 30)
        defer { socket.close() }
        var hapLatencies = Sample()
        var socketLatencies = Sample()
        var pythonLatencies = Sample()
        var commands = 0
        let socketWrites: (Int, inout Sample) throws -> Void = { count, latencies in
            for _ in 0..<count {
                commands += 1
                let id = "on-\(commands)"
                let request =
                    #"{"message_id":"\#(id)","command":"device_command","args":{"node_id":\#(node),"endpoint_id":1,"cluster_id":6,"command_name":"\#(light.next() ? "On" : "Off")","payload":{}}}"#
                let start = monotonicSeconds()
                try socket.send(request)
                try socket.reply(to: id, of: "device_command")
                latencies.append(monotonicSeconds() - start)
            }
        }
        let pythonWriter = try reference.map { try HomeKitWriter($0, light: LightSwitch()) }
        // Warm-up, then the samples start empty.
        var discarded = Sample()
        try writer.writes(100, into: &discarded)
        try socketWrites(100, &discarded)
        try pythonWriter?.writes(100, into: &discarded)
        let rounds = options.alternatingRounds
        for round in 0..<rounds {
            let share = count / rounds + (round < count % rounds ? 1 : 0)
            var turns: [() throws -> Void] = [
                { try writer.writes(share, into: &hapLatencies) }, { try socketWrites(share, &socketLatencies) },
            ]
            if let pythonWriter { turns.append { try pythonWriter.writes(share, into: &pythonLatencies) } }
            for turn in 0..<turns.count { try turns[(round + turn) % turns.count]() }
        }
        for (row, fraction) in [(HomeKitRow.writeP50, 0.5), (.writeP99, 0.99)] {
            record(homeKitIndex(row), .mhub, hapLatencies.percentile(fraction).map { $0 * 1e6 })
            record(homeKitIndex(row), .reference, socketLatencies.percentile(fraction).map { $0 * 1e6 })
        }
        for (row, fraction) in [(HomeKitRow.writeVersusPythonP50, 0.5), (.writeVersusPythonP99, 0.99)] {
            record(homeKitIndex(row), .mhub, hapLatencies.percentile(fraction).map { $0 * 1e6 })
            record(homeKitIndex(row), .reference, pythonLatencies.percentile(fraction).map { $0 * 1e6 })
        }
        note(
            homeKitIndex(.writeP50),
            "mhubd: PUT /characteristics of a bridged light's On (true, false, …) on one verified HAP connection, each "
                + "sent when the last 204 arrived; \(count) writes after 100 untimed. Reference column: the same change "
                + "as device_command On/Off on mhubd's Unix socket, each when the last reply arrived, in "
                + "\(rounds) alternating rounds with the HAP writes (the two paths share the light, so every request "
                + "changes it and is committed).")
        note(
            homeKitIndex(.writeVersusPythonP50),
            reference == nil
                ? "No reference column: run with --hap-python (a Python with HAP-python 5.0.0)."
                : "Reference column: the same write to HAP-python 5.0.0's Lightbulb (a setter that does nothing, no "
                    + "storage), in the same alternating rounds.")
    }
}

/// A light's On as the writes of every path to it leave it: each write asks for the opposite of the last, so every
/// request is a change.
final class LightSwitch {
    private var isOn = false

    /// The value the next write asks for.
    func next() -> Bool {
        isOn.toggle()
        return isOn
    }
}
