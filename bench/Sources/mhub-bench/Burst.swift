import Foundation
import MHubClient
import Synchronization

/// A burst of mutating requests pipelined on one connection, and another client's serial `get_status` round
/// trips while it lasts.
struct Burst {
    /// The burst's requests divided by the time from its first send to its last reply, over all rounds.
    var perSecond: Double
    /// Every `get_status` round trip that began during a burst.
    var statusLatencies: Sample
}

/// `rounds` bursts of `requests` requests each: a thread sends them one after another as fast as the socket
/// takes them while this thread reads the replies; meanwhile a second connection sends `get_status`, each when
/// the previous reply has arrived. `request(round, index)` is the text of one request of the burst.
func measureBurst(
    _ endpoint: MHubEndpoint, requests: Int, rounds: Int, request: @escaping @Sendable (Int, Int) -> String
) throws -> Burst {
    let burst = try MHubMessagePipe.connectWhenReady(to: endpoint, timeout: 30)
    let status = try MHubMessagePipe.connectWhenReady(to: endpoint, timeout: 30)
    defer {
        burst.close()
        status.close()
    }
    var latencies = Sample()
    var busy = 0.0
    for round in 0..<rounds {
        let bursting = Atomic<Bool>(true)
        let failure = Mutex<String?>(nil)
        let prober = DispatchGroup()
        let probes = Mutex(Sample())
        prober.enter()
        Thread.detachNewThread {
            defer { prober.leave() }
            var index = 0
            while bursting.load(ordering: .relaxed) {
                let start = monotonicSeconds()
                do {
                    try status.send(#"{"message_id":"status-\#(index)","command":"get_status","args":{}}"#)
                    _ = try status.receive()
                } catch {
                    failure.withLock { $0 = "get_status: \(error)" }
                    return
                }
                probes.withLock { $0.append(monotonicSeconds() - start) }
                index += 1
            }
        }
        let start = monotonicSeconds()
        let sender = DispatchGroup()
        sender.enter()
        Thread.detachNewThread {
            defer { sender.leave() }
            do {
                for index in 0..<requests { try burst.send(request(round, index)) }
            } catch {
                failure.withLock { $0 = "burst send: \(error)" }
            }
        }
        var replies = 0
        while replies < requests {
            for text in try burst.receive() where !text.contains(#""event":"#) && !text.contains(#""event": "#) {
                if text.contains(#""error_code""#) { throw BenchFailure("burst request failed: \(text.prefix(300))") }
                replies += 1
            }
        }
        busy += monotonicSeconds() - start
        bursting.store(false, ordering: .relaxed)
        sender.wait()
        prober.wait()
        if let failure = failure.withLock({ $0 }) { throw BenchFailure(failure) }
        latencies.append(contentsOf: probes.withLock { $0 })
    }
    return Burst(perSecond: Double(requests * rounds) / busy, statusLatencies: latencies)
}
