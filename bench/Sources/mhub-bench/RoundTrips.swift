import Foundation
import MHubClient
import Synchronization

/// Serial requests on one connection: each sent when the previous reply has arrived.
struct RoundTrips {
    var latencies: Sample
    var perSecond: Double
}

/// `count` serial requests on one connection after `warmUp`; `request` makes the `index`th (`server_info` unless given).
func measureRoundTrips(
    _ endpoint: MHubEndpoint, count: Int, warmUp: Int = 300, request: (Int) -> String = serverInfoRequest
) throws -> RoundTrips {
    let pipe = try MHubMessagePipe.connectWhenReady(to: endpoint, timeout: 30)
    defer { pipe.close() }
    var latencies = Sample()
    var measuredStart = 0.0
    for index in 0..<(warmUp + count) {
        if index == warmUp { measuredStart = monotonicSeconds() }
        let start = monotonicSeconds()
        try pipe.send(request(index))
        var replies = 0
        while replies == 0 { replies += try pipe.receive().count }
        if index >= warmUp { latencies.append(monotonicSeconds() - start) }
    }
    return RoundTrips(latencies: latencies, perSecond: Double(count) / (monotonicSeconds() - measuredStart))
}

/// Pipelined requests on `connections` connections to `endpoint`, each on its own thread with `window` requests in
/// flight: the connections are made and warmed up now; the function returned sends `n` more requests across them
/// (an equal share each) and returns when every reply has come back.
func pipelinedRequests(_ endpoint: MHubEndpoint, connections: Int, window: Int) throws -> (Int) throws -> Void {
    let pipes = try (0..<connections).map { _ in try MHubMessagePipe.connectWhenReady(to: endpoint, timeout: 30) }
    for pipe in pipes {
        try pump(pipe, window: window, total: window * 4)
    }
    return { count in
        let failures = Mutex<[String]>([])
        let done = DispatchGroup()
        for (index, pipe) in pipes.enumerated() {
            let share = count / pipes.count + (index < count % pipes.count ? 1 : 0)
            done.enter()
            Thread.detachNewThread {
                do {
                    try pump(pipe, window: window, total: share)
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
                done.leave()
            }
        }
        done.wait()
        if let failure = failures.withLock({ $0.first }) { throw BenchFailure("pipelined requests failed: \(failure)") }
    }
}

/// Keeps `window` requests in flight until `total` replies have come back.
private func pump(_ pipe: MHubMessagePipe, window: Int, total: Int) throws {
    var sent = 0
    var received = 0
    while sent < min(window, total) {
        try pipe.send(serverInfoRequest(sent))
        sent += 1
    }
    while received < total {
        let replies = try pipe.receive().count
        received += replies
        for _ in 0..<replies where sent < total {
            try pipe.send(serverInfoRequest(sent))
            sent += 1
        }
    }
}
