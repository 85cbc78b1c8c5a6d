import Dispatch
import Foundation
import MHubPOSIX
import Synchronization
import Testing

@testable import MHubEventLoop

/// The poller runs a socket's read handler on the daemon's queue while it is readable, never after it is
/// unregistered, and never for a registration that an earlier one's reused descriptor number could be mistaken for.
@Suite struct ReadPollerTests {
    /// A connected pair of Unix stream sockets, non-blocking on our side.
    static func socketPair() throws -> (ours: FileDescriptor, theirs: FileDescriptor) {
        var fds: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
            throw SystemError("socketpair")
        }
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        return (FileDescriptor(rawValue: fds[0]), FileDescriptor(rawValue: fds[1]))
    }

    static func send(_ text: String, to fd: FileDescriptor) {
        _ = Array(text.utf8).withUnsafeBytes { Glibc.write(fd.rawValue, $0.baseAddress, $0.count) }
    }

    /// What the handlers saw, by name, in order.
    final class Log: Sendable {
        private let entries = Mutex<[String]>([])
        func append(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }

        /// Waits up to 10 s for `count` entries.
        func wait(for count: Int) -> [String] {
            for _ in 0..<1000 where all.count < count {
                usleep(10_000)
            }
            return all
        }
    }

    @Test func aReadableSocketsHandlerRunsOnTheQueueAndReadsItsBytes() throws {
        let queue = DispatchQueue(label: "read-poller-test")
        let key = DispatchSpecificKey<String>()
        queue.setSpecific(key: key, value: "queue")
        let poller = try ReadPoller(queue: queue)
        let (ours, theirs) = try Self.socketPair()
        defer {
            ours.close()
            theirs.close()
        }
        let log = Log()
        try queue.sync {
            _ = try poller.register(ours) {
                var buffer = [UInt8](repeating: 0, count: 64)
                guard case .success(let count) = buffer.withUnsafeMutableBytes({ ours.read(into: $0) }), count > 0
                else { return }
                log.append(
                    "\(DispatchQueue.getSpecific(key: key) ?? "elsewhere"): \(String(decoding: buffer[..<count], as: UTF8.self))"
                )
            }
        }
        Self.send("one", to: theirs)
        #expect(log.wait(for: 1) == ["queue: one"])
        Self.send("two", to: theirs)
        #expect(log.wait(for: 2) == ["queue: one", "queue: two"])
    }

    @Test func anUnregisteredSocketAndAReusedDescriptorNumberHearNothingOfTheOther() throws {
        let queue = DispatchQueue(label: "read-poller-test")
        let poller = try ReadPoller(queue: queue)
        let log = Log()
        func register(_ fd: FileDescriptor, as name: String) throws -> ReadPoller.Registration {
            try queue.sync {
                try poller.register(fd) {
                    // A handler run for the wrong registration would read the other socket's bytes through the
                    // reused number, or fail on a closed one: both are logged.
                    var buffer = [UInt8](repeating: 0, count: 64)
                    switch buffer.withUnsafeMutableBytes({ fd.read(into: $0) }) {
                    case .success(let count):
                        log.append("\(name): \(String(decoding: buffer[..<count], as: UTF8.self))")
                    case .failure(.wouldBlock): break
                    case .failure(let errno): log.append("\(name): \(errno)")
                    }
                }
            }
        }
        let first = try Self.socketPair()
        let firstRegistration = try register(first.ours, as: "first")
        Self.send("a", to: first.theirs)
        #expect(log.wait(for: 1) == ["first: a"])
        queue.sync { firstRegistration.cancel() }
        // Bytes after the cancel wake nobody, even once the descriptor number is someone else's.
        Self.send("lost", to: first.theirs)
        // Closed, its number is free: the next socket usually gets it (other tests may open descriptors meanwhile).
        first.ours.close()
        let second = try Self.socketPair()
        defer {
            second.ours.close()
            second.theirs.close()
            first.theirs.close()
        }
        let secondRegistration = try register(second.ours, as: "second")
        #expect(secondRegistration.token != firstRegistration.token)
        Self.send("b", to: second.theirs)
        #expect(log.wait(for: 2) == ["first: a", "second: b"])
        // Nothing late for the first registration either.
        usleep(100_000)
        #expect(log.all == ["first: a", "second: b"])
    }
}
