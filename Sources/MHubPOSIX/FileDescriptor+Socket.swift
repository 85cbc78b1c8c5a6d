import Glibc

extension FileDescriptor {
    /// A new socket, close-on-exec, and non-blocking unless `blocking`.
    public static func socket(family: Int32, type: Int32, blocking: Bool = false) throws(SystemError) -> FileDescriptor
    {
        let flags = Int32(SOCK_CLOEXEC.rawValue) | (blocking ? 0 : Int32(SOCK_NONBLOCK.rawValue))
        let fd = try retryingOnInterrupt { Glibc.socket(family, type | flags, 0) }.orThrow("socket")
        return FileDescriptor(rawValue: fd)
    }

    public func bind(to address: SocketAddress) throws(SystemError) {
        let result = address.withSockaddr { pointer, length in
            retryingOnInterrupt { Glibc.bind(rawValue, pointer, length) }
        }
        _ = try result.orThrow("bind \(address)")
    }

    public func listen(backlog: Int32) throws(SystemError) {
        _ = try retryingOnInterrupt { Glibc.listen(rawValue, backlog) }.orThrow("listen")
    }

    /// Connects (blocking, or EINPROGRESS on a non-blocking socket).
    public func connect(to address: SocketAddress) throws(SystemError) {
        let result = address.withSockaddr { pointer, length in
            retryingOnInterrupt { Glibc.connect(rawValue, pointer, length) }
        }
        _ = try result.orThrow("connect \(address)")
    }

    /// Accepts one connection, non-blocking and close-on-exec, with its peer's address; `.wouldBlock` when none
    /// waits.
    ///
    /// Glibc's `accept4` is not visible to Swift (it needs `_GNU_SOURCE`), so the flags are set after `accept`:
    /// mhubd never forks, so no child can inherit the descriptor in between.
    public func accept() -> Result<(FileDescriptor, SocketAddress), Errno> {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                retryingOnInterrupt { Glibc.accept(rawValue, address, &length) }
            }
        }
        return result.map { fd in
            let client = FileDescriptor(rawValue: fd)
            try? client.setCloseOnExec()
            try? client.setNonBlocking()
            return (client, SocketAddress(storage: storage, length: length))
        }
    }

    /// The address this socket is bound to (getsockname(2)).
    public func localAddress() throws(SystemError) -> SocketAddress {
        try address(getsockname, "getsockname")
    }

    /// The address of the connected peer (getpeername(2)).
    public func peerAddress() throws(SystemError) -> SocketAddress {
        try address(getpeername, "getpeername")
    }

    private func address(
        _ call: (Int32, UnsafeMutablePointer<sockaddr>, UnsafeMutablePointer<socklen_t>) -> Int32, _ name: String
    ) throws(SystemError) -> SocketAddress {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { call(rawValue, $0, &length) }
        }
        guard result == 0 else { throw SystemError(name) }
        return SocketAddress(storage: storage, length: length)
    }

    /// The user ID of a Unix socket's peer (SO_PEERCRED, unix(7)).
    public func peerUserID() -> uid_t? {
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; } (socket(7)); Glibc hides it behind _GNU_SOURCE.
        var credentials: (Int32, UInt32, UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
        let peerCredentials: Int32 = 17  // SO_PEERCRED on Linux (asm-generic/socket.h)
        guard getsockopt(rawValue, SOL_SOCKET, peerCredentials, &credentials, &length) == 0 else { return nil }
        return credentials.1
    }

    /// Sets an integer socket option.
    public func setOption(level: Int32, _ name: Int32, _ value: Int32) {
        var value = value
        _ = setsockopt(rawValue, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
    }

    /// An integer socket option, or `nil` if it cannot be read.
    public func option(level: Int32, _ name: Int32) -> Int32? {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(rawValue, level, name, &value, &length) == 0 ? value : nil
    }

    /// Sends small writes at once (TCP_NODELAY). Without it, a reply written right after an event waits for the
    /// client's delayed ACK of the event (Nagle's algorithm, RFC 896, against delayed ACKs, RFC 1122 4.2.3.2): up
    /// to 40 ms on Linux per request that causes events.
    public func disableNagle() {
        setOption(level: Int32(IPPROTO_TCP), TCP_NODELAY, 1)
    }

    /// Whether this is a stream socket in the listening state (SO_TYPE, SO_ACCEPTCONN; socket(7)).
    public var isListeningStream: Bool {
        option(level: SOL_SOCKET, SO_TYPE) == Int32(SOCK_STREAM.rawValue)
            && option(level: SOL_SOCKET, SO_ACCEPTCONN).map { $0 != 0 } == true
    }

    /// The next datagram (truncated to `buffer`; the count is its real length, MSG_TRUNC) and its sender.
    public func receiveDatagram(into buffer: UnsafeMutableRawBufferPointer) -> Result<(Int, SocketAddress), Errno> {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                retryingOnInterrupt {
                    recvfrom(rawValue, buffer.baseAddress, buffer.count, Int32(MSG_TRUNC), address, &length)
                }
            }
        }
        return result.map { ($0, SocketAddress(storage: storage, length: length)) }
    }

    /// Sends one datagram to `address`, never blocking; the count sent.
    public func sendDatagram(_ bytes: [UInt8], to address: SocketAddress) -> Result<Int, Errno> {
        bytes.withUnsafeBytes { payload in
            address.withSockaddr { pointer, length in
                retryingOnInterrupt {
                    sendto(
                        rawValue, payload.baseAddress, payload.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT), pointer,
                        length)
                }
            }
        }
    }
}
