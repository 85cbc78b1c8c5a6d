import Foundation
import MHubClient
import Synchronization

/// A change to one device of a home, serially and pipelined: what a write costs as the home grows.
struct HomeWrites {
    /// Every serial round trip after the warm-up.
    var latencies = Sample()
    /// Pipelined requests divided by the time from the first send to the last reply, over all rounds.
    var pipelinedPerSecond: Double { busy > 0 ? Double(pipelined) / busy : 0 }
    private var pipelined = 0
    private var busy = 0.0

    /// The two homes' writes (`small`, `large`), `rounds` rounds in which each makes its share of `serial` round trips
    /// and then one burst of `pipelined` requests, the small home first in even rounds and the large one in odd rounds,
    /// so both meet the same machine (`alternating`).
    static func alternating(
        _ small: HomeWriter, _ large: HomeWriter, serial: Int, pipelined: Int, rounds: Int
    ) throws -> (small: HomeWrites, large: HomeWrites) {
        var results = (small: HomeWrites(), large: HomeWrites())
        for round in 0..<rounds {
            let share = serial / rounds + (round < serial % rounds ? 1 : 0)
            for writer in round.isMultiple(of: 2) ? [small, large] : [large, small] {
                let latencies = try writer.roundTrips(share)
                let seconds = try writer.burst(pipelined, round: round)
                if writer === small {
                    results.small.add(latencies, pipelined, seconds)
                } else {
                    results.large.add(latencies, pipelined, seconds)
                }
            }
        }
        return results
    }

    private mutating func add(_ roundTrips: Sample, _ requests: Int, _ seconds: Double) {
        latencies.append(contentsOf: roundTrips)
        pipelined += requests
        busy += seconds
    }
}

/// `device_command` On/Off Toggle on one node's endpoint 1 over one connection: serial round trips (each sent when the
/// previous reply arrived) and bursts sent back to back by another thread while this one reads the replies. Every
/// toggle changes the light, so each is a change committed before its reply.
final class HomeWriter {
    private let pipe: MHubMessagePipe
    private let toggle: @Sendable (String) -> String
    private var sent = 0

    /// Connects and makes `warmUp` untimed round trips.
    init(_ endpoint: MHubEndpoint, node: Int64, warmUp: Int = 100) throws {
        pipe = try MHubMessagePipe.connectWhenReady(to: endpoint, timeout: 30)
        toggle = { id in
            #"{"message_id":"\#(id)","command":"device_command","args":{"node_id":\#(node),"endpoint_id":1,"cluster_id":6,"command_name":"Toggle","payload":{}}}"#
        }
        _ = try roundTrips(warmUp)
    }

    deinit {
        pipe.close()
    }

    /// `count` serial round trips; returns each one's seconds.
    func roundTrips(_ count: Int) throws -> Sample {
        var latencies = Sample()
        for _ in 0..<count {
            let start = monotonicSeconds()
            try pipe.send(toggle("t\(sent)"))
            sent += 1
            try awaitReplies(1, on: pipe)
            latencies.append(monotonicSeconds() - start)
        }
        return latencies
    }

    /// `count` requests sent back to back; returns the seconds from the first send to the last reply.
    func burst(_ count: Int, round: Int) throws -> Double {
        let failure = Mutex<String?>(nil)
        let sender = DispatchGroup()
        let start = monotonicSeconds()
        sender.enter()
        Thread.detachNewThread { [pipe, toggle] in
            defer { sender.leave() }
            do {
                for index in 0..<count { try pipe.send(toggle("p\(round)-\(index)")) }
            } catch {
                failure.withLock { $0 = "send: \(error)" }
            }
        }
        try awaitReplies(count, on: pipe)
        let seconds = monotonicSeconds() - start
        sender.wait()
        if let failure = failure.withLock({ $0 }) { throw BenchFailure(failure) }
        return seconds
    }
}

/// Reads until `count` replies (not events) have come; an error reply stops the run.
private func awaitReplies(_ count: Int, on pipe: MHubMessagePipe) throws {
    var replies = 0
    while replies < count {
        for text in try pipe.receive() where !text.contains(#""event":"#) && !text.contains(#""event": "#) {
            if text.contains(#""error_code""#) { throw BenchFailure("device_command failed: \(text.prefix(300))") }
            replies += 1
        }
    }
}
