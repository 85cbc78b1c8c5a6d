#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The client's only system calls, for Linux (Glibc) and macOS (Darwin): connecting a stream socket with a deadline,
/// reading, writing without SIGPIPE, waiting for input, shutting down and closing.
///
/// - Important: CI builds only the Linux side; the Darwin branches are the few lines where the two differ
///   (`SOCK_STREAM`'s type, `sun_len`, `SO_NOSIGPIPE` instead of `MSG_NOSIGNAL`) and are not built here.
enum ClientPlatform {
    struct Failure: Error {
        var call: String
        var code: Int32

        var text: String { "\(call): \(String(cString: strerror(code)))" }
    }

    /// A blocking, close-on-exec stream socket connected to the Unix socket at `path`, or a failure once `deadline`
    /// (seconds on the monotonic clock) passes.
    static func connectUnix(path: String, deadline: Double) throws(Failure) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw Failure(call: "connect \(path)", code: ENAMETOOLONG)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes + [0]) }
        #if canImport(Darwin)
            address.sun_len = UInt8(MemoryLayout<sockaddr_un>.size)
        #endif
        return try withUnsafeBytes(of: &address) { raw throws(Failure) in
            try connectStream(family: AF_UNIX, address: Array(raw), deadline: deadline, what: path)
        }
    }

    /// A blocking, close-on-exec TCP socket connected to `host:port` (a name or a literal; each address in turn).
    static func connectTCP(host: String, port: UInt16, deadline: Double) throws(Failure) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamType
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host == "localhost" ? "127.0.0.1" : host, String(port), &hints, &list) == 0 else {
            throw Failure(call: "getaddrinfo \(host)", code: EINVAL)
        }
        defer { freeaddrinfo(list) }
        var last = Failure(call: "connect \(host):\(port)", code: EADDRNOTAVAIL)
        var entry = list
        while let info = entry {
            if let pointer = info.pointee.ai_addr {
                let address = Array(UnsafeRawBufferPointer(start: pointer, count: Int(info.pointee.ai_addrlen)))
                do {
                    return try connectStream(
                        family: info.pointee.ai_family, address: address, deadline: deadline, what: "\(host):\(port)")
                } catch {
                    last = error
                }
            }
            entry = info.pointee.ai_next
        }
        throw last
    }

    private static var streamType: Int32 {
        #if canImport(Glibc)
            Int32(SOCK_STREAM.rawValue)
        #else
            SOCK_STREAM
        #endif
    }

    /// Connects without blocking past `deadline`, then makes the socket blocking again.
    private static func connectStream(family: Int32, address: [UInt8], deadline: Double, what: String) throws(Failure)
        -> Int32
    {
        let fd = socket(family, streamType, 0)
        guard fd >= 0 else { throw Failure(call: "socket", code: errno) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        #if canImport(Darwin)
            var one: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        let started = address.withUnsafeBytes { raw in
            connect(fd, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
        }
        if started != 0 {
            let code = errno
            guard code == EINPROGRESS || code == EAGAIN || code == EINTR else {
                _ = close(fd)
                throw Failure(call: "connect \(what)", code: code)
            }
            guard waitFor(fd, events: Int16(POLLOUT), until: deadline) else {
                _ = close(fd)
                throw Failure(call: "connect \(what)", code: ETIMEDOUT)
            }
            var result: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            _ = getsockopt(fd, SOL_SOCKET, SO_ERROR, &result, &length)
            guard result == 0 else {
                _ = close(fd)
                throw Failure(call: "connect \(what)", code: result)
            }
        }
        _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK)
        return fd
    }

    /// Whether `fd` is ready for `events` before `deadline` (`nil`: wait as long as it takes).
    static func waitFor(_ fd: Int32, events: Int16, until deadline: Double?) -> Bool {
        while true {
            var timeout: Int32 = -1
            if let deadline {
                let left = deadline - now()
                guard left > 0 else { return false }
                timeout = Int32(min(left * 1000, 86_400_000).rounded(.up))
            }
            var entry = pollfd(fd: fd, events: events, revents: 0)
            let ready = poll(&entry, 1, timeout)
            if ready > 0 { return true }
            if ready == 0 { continue }
            if errno != EINTR { return true }  // let the read or write report it
        }
    }

    /// Reads what is there (blocking); 0 at the end of the stream.
    static func readSome(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Int {
        while true {
            let count = read(fd, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw Failure(call: "read", code: errno) }
        }
    }

    /// Writes all of `bytes` (blocking), never raising SIGPIPE.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                send(fd, raw.baseAddress! + offset, raw.count - offset, noSignal)
            }
            if count >= 0 {
                offset += count
            } else if errno != EINTR {
                throw Failure(call: "write", code: errno)
            }
        }
    }

    private static var noSignal: Int32 {
        #if canImport(Glibc)
            Int32(MSG_NOSIGNAL)
        #else
            0  // SO_NOSIGPIPE is set on the socket
        #endif
    }

    /// Wakes a blocked reader: its read returns the end of the stream.
    static func shutdownBoth(_ fd: Int32) {
        _ = shutdown(fd, Int32(SHUT_RDWR))
    }

    static func closeDescriptor(_ fd: Int32) {
        _ = close(fd)
    }

    /// Seconds on the monotonic clock.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static var effectiveUserID: UInt32 { UInt32(geteuid()) }

    /// `poll`'s "there is input".
    static let readable = Int16(POLLIN)
}
