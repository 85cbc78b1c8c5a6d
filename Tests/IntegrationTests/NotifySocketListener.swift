import Foundation

/// A stand-in for the service manager's end of `$NOTIFY_SOCKET`: a Unix datagram socket the test binds,
/// recording each datagram with the time it arrived.
final class NotifySocketListener: @unchecked Sendable {
    // @unchecked: `received` is appended by the reader thread and read by the test, both under `lock`.
    struct Message {
        var time: Date
        var text: String
        /// The `KEY=VALUE` lines of the datagram.
        var lines: [String] { text.split(separator: "\n").map(String.init) }
    }

    let path: String
    private let fd: Int32
    private let lock = NSLock()
    private var received: [Message] = []

    init(directory: URL) throws {
        path = directory.appendingPathComponent("notify.sock").path
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else { throw TestFailure("cannot bind \(path): errno \(errno)") }
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        Thread.detachNewThread { [weak self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while let self {
                let count = recv(self.fd, &buffer, buffer.count, 0)
                if count > 0 {
                    let message = Message(time: Date(), text: String(decoding: buffer.prefix(count), as: UTF8.self))
                    self.lock.withLock { self.received.append(message) }
                }
            }
        }
    }

    deinit {
        close(fd)
    }

    var messages: [Message] { lock.withLock { received } }
    /// Every line of every datagram, in the order they arrived.
    var lines: [String] { messages.flatMap(\.lines) }

    /// Waits until some line satisfies `predicate`; whether one did within `seconds`.
    @discardableResult
    func waitForLine(seconds: Double = 10, where predicate: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if lines.contains(where: predicate) { return true }
            usleep(5_000)
        }
        return lines.contains(where: predicate)
    }
}
