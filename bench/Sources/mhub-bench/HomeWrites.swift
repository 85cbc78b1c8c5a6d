import Foundation
import MHubClient
import Synchronization

/// `device_command` On/Off Toggle on one node's endpoint 1 over one connection: what a write costs as the home grows.
/// Serial round trips (each sent when the previous reply arrived), whose durations it keeps, and bursts sent back to
/// back by another thread while this one reads the replies. Every toggle changes the light, so each is a change
/// committed before its reply.
final class HomeWriter {
    /// Every serial round trip after the warm-up.
    private(set) var latencies = Sample()
    private let pipe: MHubMessagePipe
    private let toggle: @Sendable (String) -> String
    private var sent = 0

    /// Connects and makes `warmUp` untimed round trips.
    init(_ endpoint: MHubEndpoint, node: Int64, warmUp: Int = 100) throws {
        pipe = try MHubMessagePipe.connectWhenReady(to: endpoint, timeout: 30)
        toggle = { id in
            #"{"message_id":"\#(id)","command":"device_command","args":{"node_id":\#(node),"endpoint_id":1,"cluster_id":6,"command_name":"Toggle","payload":{}}}"#
        }
        for _ in 0..<warmUp { try roundTrip() }
    }

    deinit {
        pipe.close()
    }

    /// `count` serial round trips, each one's seconds kept in `latencies`.
    func roundTrips(_ count: Int) throws {
        for _ in 0..<count {
            let start = monotonicSeconds()
            try roundTrip()
            latencies.append(monotonicSeconds() - start)
        }
    }

    /// `count` requests sent back to back; returns once every reply has come.
    func burst(_ count: Int) throws {
        let failure = Mutex<String?>(nil)
        let sender = DispatchGroup()
        let first = sent
        sent += count
        sender.enter()
        Thread.detachNewThread { [pipe, toggle] in
            defer { sender.leave() }
            do {
                for index in first..<(first + count) { try pipe.send(toggle("p\(index)")) }
            } catch {
                failure.withLock { $0 = "send: \(error)" }
            }
        }
        try awaitReplies(count)
        sender.wait()
        if let failure = failure.withLock({ $0 }) { throw BenchFailure(failure) }
    }

    private func roundTrip() throws {
        try pipe.send(toggle("t\(sent)"))
        sent += 1
        try awaitReplies(1)
    }

    /// Reads until `count` replies (not events) have come; an error reply stops the run.
    private func awaitReplies(_ count: Int) throws {
        var replies = 0
        while replies < count {
            for text in try pipe.receive() where !text.contains(#""event":"#) && !text.contains(#""event": "#) {
                if text.contains(#""error_code""#) { throw BenchFailure("device_command failed: \(text.prefix(300))") }
                replies += 1
            }
        }
    }
}
