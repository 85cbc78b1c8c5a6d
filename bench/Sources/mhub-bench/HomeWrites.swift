import Foundation
import MHubClient
import Synchronization

/// A change to one device of a home, serially and pipelined: what a write costs as the home grows.
struct HomeWrites {
    /// Every serial round trip after the warm-up.
    var latencies: Sample
    /// Pipelined requests divided by the time from the first send to the last reply, over all rounds.
    var pipelinedPerSecond: Double
}

/// `device_command` On/Off Toggle on `node`'s endpoint 1: `serial` round trips (each sent when the previous reply
/// arrived, after a warm-up), then `rounds` bursts of `pipelined` requests sent back to back by one thread while
/// this one reads the replies. Every toggle changes the light, so each is a change committed before its reply.
func measureHomeWrites(
    _ endpoint: MHubEndpoint, node: Int64, serial: Int, pipelined: Int, rounds: Int, warmUp: Int = 100
) throws -> HomeWrites {
    let pipe = try MHubMessagePipe.connectWhenReady(to: endpoint, timeout: 30)
    defer { pipe.close() }
    let toggle: @Sendable (String) -> String = { id in
        #"{"message_id":"\#(id)","command":"device_command","args":{"node_id":\#(node),"endpoint_id":1,"cluster_id":6,"command_name":"Toggle","payload":{}}}"#
    }
    var latencies = Sample()
    for index in 0..<(warmUp + serial) {
        let start = monotonicSeconds()
        try pipe.send(toggle("t\(index)"))
        try awaitReplies(1, on: pipe)
        if index >= warmUp { latencies.append(monotonicSeconds() - start) }
    }
    var busy = 0.0
    for round in 0..<rounds {
        let failure = Mutex<String?>(nil)
        let sender = DispatchGroup()
        let start = monotonicSeconds()
        sender.enter()
        Thread.detachNewThread {
            defer { sender.leave() }
            do {
                for index in 0..<pipelined { try pipe.send(toggle("p\(round)-\(index)")) }
            } catch {
                failure.withLock { $0 = "send: \(error)" }
            }
        }
        try awaitReplies(pipelined, on: pipe)
        busy += monotonicSeconds() - start
        sender.wait()
        if let failure = failure.withLock({ $0 }) { throw BenchFailure(failure) }
    }
    return HomeWrites(latencies: latencies, pipelinedPerSecond: Double(pipelined * rounds) / busy)
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
