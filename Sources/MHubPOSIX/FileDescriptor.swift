import Glibc

/// An open file descriptor, as a type (swift-system's `FileDescriptor`): the calls mhub makes on it, each with
/// EINTR retried and failures as `Errno`.
///
/// A value, not an owner: whoever holds it closes it once (for sockets under Dispatch, in the source's cancel
/// handler).
public struct FileDescriptor: RawRepresentable, Hashable, Sendable {
    public var rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    public func close() {
        // Not retried: on Linux the descriptor is gone even when close reports EINTR (close(2)).
        _ = Glibc.close(rawValue)
    }

    /// Sets O_NONBLOCK.
    public func setNonBlocking() throws(SystemError) {
        let flags = try retryingOnInterrupt { fcntl(rawValue, F_GETFL) }.orThrow("fcntl F_GETFL")
        _ = try retryingOnInterrupt { fcntl(rawValue, F_SETFL, flags | O_NONBLOCK) }.orThrow("fcntl F_SETFL")
    }

    /// Sets FD_CLOEXEC.
    public func setCloseOnExec() throws(SystemError) {
        _ = try retryingOnInterrupt { fcntl(rawValue, F_SETFD, FD_CLOEXEC) }.orThrow("fcntl F_SETFD")
    }

    /// One `read` into `buffer`: the count read, 0 at end of file.
    public func read(into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, Errno> {
        retryingOnInterrupt { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// One `send` without SIGPIPE (MSG_NOSIGNAL): the count the socket took.
    public func send(_ bytes: UnsafeRawBufferPointer, flags: Int32 = 0) -> Result<Int, Errno> {
        retryingOnInterrupt { Glibc.send(rawValue, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL) | flags) }
    }

    /// Sends all of `bytes`, blocking as the socket needs (for blocking clients).
    public func sendAll(_ bytes: [UInt8]) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let result = bytes.withUnsafeBytes { send(UnsafeRawBufferPointer(rebasing: $0[offset...])) }
            offset += try result.orThrow("write")
        }
    }

    /// Shuts down one or both directions of a socket.
    public func shutdown(_ how: Int32 = Int32(SHUT_RDWR)) {
        _ = Glibc.shutdown(rawValue, how)
    }
}
