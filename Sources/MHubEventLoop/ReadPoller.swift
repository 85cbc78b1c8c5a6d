internal import CLinux
import Dispatch
import Foundation
import MHubPOSIX

/// Waits for the daemon's sockets (the listeners, the control connections, the Matter port's UDP socket and TCP
/// connections, the UDC port) to become readable on a thread of its own (`epoll`), then runs their read handlers on
/// the daemon's queue with `sync`: when the queue is idle, Dispatch runs the handlers on this thread at once. One
/// `epoll` for all of them reports events in the order they happened: a connection's end before the connection that
/// followed it.
///
/// A Dispatch read source costs two wake-ups per read, its event thread's and then a worker's it pokes (a futex wake)
/// to run the handler on the queue; the poller costs one. Writes keep their Dispatch write sources: they wait only
/// while a socket's buffer is full.
///
/// Each registration has a token of its own, never reused: an event that `epoll_wait` returned for a socket whose
/// registration was cancelled (and whose descriptor may have been reused) finds no handler and is dropped.
///
/// - Important: `register` and `Registration.cancel` on `queue` only; the handlers run there.
package final class ReadPoller: @unchecked Sendable {
    private let epoll: Int32
    private let queue: DispatchQueue
    /// Confined to `queue`.
    private var handlers: [UInt64: () -> Void] = [:]
    private var nextToken: UInt64 = 1
    /// What a handler reads into (`withReadBuffer`), one for all of them since they run on the queue one at a
    /// time, rather than a 64 KiB array made and zeroed for every read.
    private let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 16)

    /// Starts the polling thread; it runs as long as the process.
    package init(queue: DispatchQueue) throws(SystemError) {
        let epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else { throw SystemError("epoll_create1") }
        self.epoll = epoll
        self.queue = queue
        let thread = Thread { [self] in run() }
        thread.name = "mhubd.read-poll"
        thread.start()
    }

    /// One socket's reads, until `cancel`.
    package final class Registration {
        let token: UInt64
        private let fd: FileDescriptor
        private weak var poller: ReadPoller?

        fileprivate init(token: UInt64, fd: FileDescriptor, poller: ReadPoller) {
            self.token = token
            self.fd = fd
            self.poller = poller
        }

        /// No more reads: call before the descriptor is closed. Once is enough; again does nothing.
        package func cancel() {
            poller?.unregister(fd, token: token)
            poller = nil
        }
    }

    /// Calls `handler` on the queue whenever `fd` is readable (or at its end, or on an error), until the registration
    /// is cancelled.
    package func register(_ fd: FileDescriptor, handler: @escaping () -> Void) throws(SystemError) -> Registration {
        dispatchPrecondition(condition: .onQueue(queue))
        let token = nextToken
        nextToken += 1
        var event = epoll_event()
        event.events = EPOLLIN.rawValue | EPOLLRDHUP.rawValue
        event.data.u64 = token
        guard epoll_ctl(epoll, EPOLL_CTL_ADD, fd.rawValue, &event) == 0 else {
            throw SystemError("epoll_ctl(ADD)")
        }
        handlers[token] = handler
        return Registration(token: token, fd: fd, poller: self)
    }

    /// Runs `body` with the 64 KiB buffer the handlers read into; on the queue only, and the bytes are the caller's
    /// to copy before it returns.
    func withReadBuffer<Result>(_ body: (UnsafeMutableRawBufferPointer) -> Result) -> Result {
        dispatchPrecondition(condition: .onQueue(queue))
        return body(readBuffer)
    }

    private func unregister(_ fd: FileDescriptor, token: UInt64) {
        dispatchPrecondition(condition: .onQueue(queue))
        handlers[token] = nil
        _ = epoll_ctl(epoll, EPOLL_CTL_DEL, fd.rawValue, nil)
    }

    private func run() {
        var events = [epoll_event](repeating: epoll_event(), count: 64)
        var tokens: [UInt64] = []
        tokens.reserveCapacity(events.count)
        while true {
            let count = events.withUnsafeMutableBufferPointer {
                epoll_wait(epoll, $0.baseAddress, Int32($0.count), -1)
            }
            guard count > 0 else { continue }  // EINTR
            tokens.removeAll(keepingCapacity: true)
            for index in 0..<Int(count) {
                tokens.append(events[index].data.u64)
            }
            queue.sync {
                for token in tokens {
                    handlers[token]?()
                }
            }
        }
    }
}
