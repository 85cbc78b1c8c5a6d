import Foundation
import MHubClient
import MHubConfiguration

/// One change delivered to many listening connections: a driver connection sends `trigger` (a request that
/// changes something every listener hears of); every listener's time from that send to its first `event` is one
/// value of the sample. Repeated `rounds` times.
func measureFanout(
    _ endpoint: MHubEndpoint, listeners count: Int, rounds: Int, event: String, trigger: (Int) -> String
) throws -> Sample {
    let marker = #""event":"\#(event)""#
    let spacedMarker = #""event": "\#(event)""#
    raiseOpenFileLimit()
    var listeners: [MHubMessagePipe] = []
    defer { for listener in listeners { listener.close() } }
    for index in 0..<count {
        let pipe = try MHubMessagePipe.connectWhenReady(to: endpoint, timeout: 30)
        // Its reply (the whole home for mhubd, the echo for the floor) is the next message.
        try pipe.send(#"{"message_id":"listen-\#(index)","command":"start_listening","args":{}}"#)
        _ = try pipe.receive()
        listeners.append(pipe)
    }
    let driver = try MHubMessagePipe.connectWhenReady(to: endpoint, timeout: 30)
    defer { driver.close() }
    var sample = Sample()
    for round in 0..<rounds {
        let start = monotonicSeconds()
        try driver.send(trigger(round))
        var waiting = Set(listeners.indices)
        while !waiting.isEmpty {
            var descriptors = waiting.map {
                pollfd(fd: listeners[$0].fileDescriptor, events: Int16(POLLIN), revents: 0)
            }
            let indices = Array(waiting)
            guard poll(&descriptors, nfds_t(descriptors.count), 10_000) > 0 else {
                throw BenchFailure("\(waiting.count) of \(count) listeners got no \(event) within 10 s")
            }
            for (position, descriptor) in descriptors.enumerated() where descriptor.revents != 0 {
                let index = indices[position]
                let messages = try listeners[index].receive()
                if messages.contains(where: { $0.contains(marker) || $0.contains(spacedMarker) }) {
                    sample.append(monotonicSeconds() - start)
                    waiting.remove(index)
                }
            }
        }
        // The driver's reply, and whatever else the change caused, before the next round.
        _ = try driver.receive()
        pause(0.05)
        drain(listeners + [driver])
    }
    return sample
}

/// Reads everything that is already waiting on `pipes`, without blocking for more.
func drain(_ pipes: [MHubMessagePipe]) {
    while true {
        var descriptors = pipes.map { pollfd(fd: $0.fileDescriptor, events: Int16(POLLIN), revents: 0) }
        guard poll(&descriptors, nfds_t(descriptors.count), 0) > 0 else { return }
        for (index, descriptor) in descriptors.enumerated() where descriptor.revents != 0 {
            _ = try? pipes[index].receive()
        }
    }
}
