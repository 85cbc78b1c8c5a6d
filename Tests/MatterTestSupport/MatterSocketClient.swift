import Foundation

/// A Matter peer's socket to mhubd's Matter port on loopback: UDP datagrams, or TCP with the 4-byte length prefix.
public final class MatterSocketClient {
    public enum Transport: String, CaseIterable, Sendable {
        case udp
        case tcp
    }

    public let transport: Transport
    public let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:`port`; from `source` (another loopback address, e.g. 127.0.0.2, to be another peer
    /// host) if given.
    public init(_ transport: Transport, port: UInt16, from source: String? = nil) throws {
        self.transport = transport
        let type = transport == .udp ? SOCK_DGRAM : SOCK_STREAM
        fd = socket(AF_INET, Int32(type.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw MatterTestController.Failure("socket failed") }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            guard inet_pton(AF_INET, source, &local.sin_addr) == 1 else {
                close(fd)
                throw MatterTestController.Failure("\(source) is not an IPv4 address")
            }
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else {
                close(fd)
                throw MatterTestController.Failure("bind to \(source) failed: \(String(cString: strerror(errno)))")
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(fd)
            throw MatterTestController.Failure(
                "connect to 127.0.0.1:\(port) (\(transport)) failed: \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        close(fd)
    }

    /// Sends one whole message (TCP: with its length prefix).
    public func send(_ message: [UInt8]) {
        var bytes = message
        if transport == .tcp {
            let length = UInt32(message.count)
            bytes = [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: length >> $0) } + message
        }
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Whether mhubd closed the connection (TCP: end of stream) within `timeout` seconds, reading and discarding
    /// what comes before.
    public func closedByPeer(timeout: Double = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0 {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(deadline.timeIntervalSinceNow * 1000) + 1) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return true }
        }
        return false
    }

    /// The next whole message, or nil if none comes within `timeout` seconds.
    public func receive(timeout: Double = 5) -> [UInt8]? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if transport == .tcp, buffer.count >= 4 {
                let length = Int(buffer[0]) | Int(buffer[1]) << 8 | Int(buffer[2]) << 16 | Int(buffer[3]) << 24
                if buffer.count >= 4 + length {
                    let message = Array(buffer[4..<(4 + length)])
                    buffer.removeFirst(4 + length)
                    return message
                }
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(left * 1000) + 1) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            if transport == .udp { return Array(chunk[0..<count]) }
            buffer += chunk[0..<count]
        }
    }
}

extension MatterTestController {
    /// Sends `first` and answers what comes back until an event ends the conversation: PASE established, a
    /// StatusReport, a StatusResponse, or a final ReportData. Returns every event, in order.
    public mutating func converse(_ first: [UInt8], over client: MatterSocketClient, timeout: Double = 10) throws
        -> [Event]
    {
        client.send(first)
        var events: [Event] = []
        while true {
            guard let message = client.receive(timeout: timeout) else {
                throw MatterTestController.Failure(
                    "no answer from mhubd's Matter port within \(timeout) s (events so far: \(events))")
            }
            let step = try receive(message)
            for outgoing in step.outgoing {
                client.send(outgoing)
            }
            guard let event = step.event else { continue }
            events.append(event)
            if step.expectsMore { continue }
            if case .report(let report) = event, report.moreChunkedMessages == true { continue }
            return events
        }
    }
}

/// A `MatterTestTransport` over a socket to mhubd's Matter port.
public struct MatterSocketTransport: MatterTestTransport {
    public var client: MatterSocketClient
    public var timeout: Double

    public init(_ client: MatterSocketClient, timeout: Double = 10) {
        self.client = client
        self.timeout = timeout
    }

    public mutating func converse(_ first: [UInt8], controller: inout MatterTestController) throws
        -> [MatterTestController.Event]
    {
        try controller.converse(first, over: client, timeout: timeout)
    }
}
