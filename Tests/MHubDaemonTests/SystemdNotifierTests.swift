import Dispatch
import Foundation
import MHubPOSIX
import MHubTestSupport
import Testing

@testable import MHubConfiguration
@testable import MHubDaemon

/// The notifier sends what sd_notify(3) would, to a datagram socket the test binds: a path or an
/// abstract name, one datagram per message.
@Suite struct SystemdNotifierTests {
    /// A bound Unix datagram socket that receives with a timeout.
    final class Receiver {
        let fd: Int32

        init(_ address: NotifySocketAddress) throws {
            fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            var target = sockaddr_un()
            target.sun_family = sa_family_t(AF_UNIX)
            let bytes = address.socketPathBytes
            withUnsafeMutableBytes(of: &target.sun_path) { $0.copyBytes(from: bytes) }
            let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + bytes.count)
            let bound = withUnsafePointer(to: &target) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
            }
            guard bound == 0 else { throw SystemError("bind") }
            var timeout = timeval(tv_sec: 0, tv_usec: 300_000)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }

        deinit {
            close(fd)
        }

        /// The next datagram's text, or `nil` after the timeout.
        func receive() -> String? {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(fd, &buffer, buffer.count, 0)
            return count < 0 ? nil : String(decoding: buffer.prefix(count), as: UTF8.self)
        }
    }

    @Test func sendsToAPath() throws {
        let directory = try TemporaryDirectory()
        let address = NotifySocketAddress.path(directory.path("notify"))
        let receiver = try Receiver(address)
        let notifier = try SystemdNotifier(address: address, watchdog: nil)
        #expect(notifier.notify([.ready, .status("serving 0 nodes")]) == nil)
        #expect(notifier.notify([.stopping]) == nil)
        #expect(receiver.receive() == "READY=1\nSTATUS=serving 0 nodes\n")
        #expect(receiver.receive() == "STOPPING=1\n")
    }

    @Test func sendsToAnAbstractName() throws {
        let address = NotifySocketAddress("@mhub-test-\(UUID().uuidString)")!
        let receiver = try Receiver(address)
        let notifier = try SystemdNotifier.fromEnvironment(
            ["NOTIFY_SOCKET": "@\(String(decoding: address.socketPathBytes.dropFirst(), as: UTF8.self))"])
        #expect(notifier?.address == address)
        notifier?.notify([.watchdog])
        #expect(receiver.receive() == "WATCHDOG=1\n")
    }

    @Test func aStatusIsSentOnlyWhenItChanges() throws {
        let directory = try TemporaryDirectory()
        let address = NotifySocketAddress.path(directory.path("notify"))
        let receiver = try Receiver(address)
        let notifier = try SystemdNotifier(address: address, watchdog: nil)
        notifier.notify([.ready, .status("serving 1 node")])
        notifier.updateStatus("serving 1 node")
        notifier.updateStatus("serving 2 nodes")
        #expect(receiver.receive() == "READY=1\nSTATUS=serving 1 node\n")
        #expect(receiver.receive() == "STATUS=serving 2 nodes\n")
        #expect(receiver.receive() == nil)
    }

    @Test func noSocketNoNotifierAndABadOneIsAnError() throws {
        #expect(try SystemdNotifier.fromEnvironment([:]) == nil)
        #expect(try SystemdNotifier.fromEnvironment(["NOTIFY_SOCKET": ""]) == nil)
        #expect(throws: SystemError.self) { try SystemdNotifier.fromEnvironment(["NOTIFY_SOCKET": "relative"]) }
        let long = "/" + String(repeating: "x", count: 200)
        #expect(throws: SystemError.self) { try SystemdNotifier.fromEnvironment(["NOTIFY_SOCKET": long]) }
    }

    @Test func aMissingListenerIsReportedNotFatal() throws {
        let directory = try TemporaryDirectory()
        let notifier = try SystemdNotifier(address: .path(directory.path("nobody")), watchdog: nil)
        #expect(notifier.notify([.ready])?.errno == Errno(rawValue: ENOENT))
    }
}
