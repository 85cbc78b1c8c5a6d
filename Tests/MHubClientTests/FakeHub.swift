import Foundation
import Glibc
import MHubTestSupport

/// A Unix socket that plays a hub badly on purpose: it accepts and then does what the test says (nothing, or only
/// the server info), so the client's timeouts and its clean-up can be seen.
final class FakeHub: @unchecked Sendable {
    // @unchecked: `peer` is set by the accepting thread before `accepted` is signalled and read after the wait.
    let directory: TemporaryDirectory
    let path: String
    private let listener: Int32
    private var peer: Int32 = -1
    private let accepted = DispatchSemaphore(value: 0)

    /// `greeting`: sent on accept (a server info line), or nothing.
    init(greeting: String?) throws {
        directory = try TemporaryDirectory()
        path = directory.path("hub.sock")
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        listener = fd
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, listen(fd, 4) == 0 else { throw FakeHubFailure(errno: errno) }
        Thread.detachNewThread { [self] in
            let fd = accept(fd, nil, nil)
            if let greeting, fd >= 0 {
                let bytes = Array((greeting + "\n").utf8)
                _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            }
            peer = fd
            accepted.signal()
        }
    }

    deinit {
        close(listener)
        if peer >= 0 { close(peer) }
    }

    /// Waits for the client and reads until it closes its end (what it sent meanwhile is dropped); whether the end
    /// came within `seconds`.
    func peerCloses(within seconds: Double) -> Bool {
        guard accepted.wait(timeout: .now() + seconds) == .success else { return false }
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            var entry = pollfd(fd: peer, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 50) > 0 else { continue }
            if buffer.withUnsafeMutableBytes({ read(peer, $0.baseAddress, $0.count) }) <= 0 { return true }
        }
        return false
    }

    static let serverInfo = #"{"schema_version":11,"mhub_version":"test"}"#
}

struct FakeHubFailure: Error {
    var errno: Int32
}

/// The client's reader threads in this process, by the name they give themselves.
enum ReaderThreads {
    static var count: Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.count { task in
            let name = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)
            return name == "mhub-client\n"
        }
    }
}
