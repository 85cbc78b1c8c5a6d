import Foundation

/// A failed system call, with its errno.
public struct SystemError: Error, CustomStringConvertible {
    public var call: String
    public var errno: Int32

    public init(_ call: String, errno: Int32 = Glibc.errno) {
        self.call = call
        self.errno = errno
    }

    public var description: String { "\(call): \(String(cString: strerror(errno)))" }
}

/// Thin wrappers over the socket calls mhubd needs; EINTR is retried here and nowhere else. Public for the
/// benchmark's floor server (bench/), which listens the same way.
public enum Sockets {
    /// Sends small writes at once (TCP_NODELAY). Without it, a reply written right after an event waits for the
    /// client's delayed ACK of the event (Nagle's algorithm, RFC 896, against delayed ACKs, RFC 1122 4.2.3.2): up
    /// to 40 ms on Linux per request that causes events, as the benchmark's commissioning sessions showed.
    public static func disableNagle(_ fd: Int32) {
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    public static func setNonBlocking(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
    }

    /// A listening Unix stream socket at `path` with permission bits `mode`.
    ///
    /// A stale socket file (nobody accepts on it) is replaced; a live one means another mhubd runs there.
    public static func listenUnix(path: String, mode: mode_t) throws(SystemError) -> Int32 {
        if FileManager.default.fileExists(atPath: path) {
            if let probe = try? connectUnix(path: path) {
                close(probe)
                throw SystemError("another mhubd is listening on \(path); bind", errno: EADDRINUSE)
            }
            unlink(path)
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SystemError("socket") }
        var address = try unixAddress(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else {
            let error = SystemError("bind \(path)")
            close(fd)
            throw error
        }
        chmod(path, mode)
        guard listen(fd, 512) == 0 else {
            let error = SystemError("listen \(path)")
            close(fd)
            throw error
        }
        setNonBlocking(fd)
        return fd
    }

    static func connectUnix(path: String) throws(SystemError) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SystemError("socket") }
        var address = try unixAddress(path)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            let error = SystemError("connect \(path)")
            close(fd)
            throw error
        }
        return fd
    }

    static func unixAddress(_ path: String) throws(SystemError) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { throw SystemError("socket path too long: \(path)", errno: ENAMETOOLONG) }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        return address
    }

    /// A listening TCP socket on `host:port` (IPv4 or IPv6 literal, or `localhost`); returns it and the port.
    public static func listenTCP(host: String, port: UInt16) throws(SystemError) -> (Int32, UInt16) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let lookup = getaddrinfo(host == "localhost" ? "127.0.0.1" : host, String(port), &hints, &list)
        guard lookup == 0, let info = list else {
            throw SystemError("getaddrinfo \(host): \(String(cString: gai_strerror(lookup)))", errno: EINVAL)
        }
        defer { freeaddrinfo(list) }
        let fd = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SystemError("socket") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        guard bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
            let error = SystemError("bind \(host):\(port)")
            close(fd)
            throw error
        }
        guard listen(fd, 512) == 0 else {
            let error = SystemError("listen \(host):\(port)")
            close(fd)
            throw error
        }
        setNonBlocking(fd)
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, boundPort(storage))
    }

    static func boundPort(_ storage: sockaddr_storage) -> UInt16 {
        var copy = storage
        return withUnsafePointer(to: &copy) { pointer in
            if storage.ss_family == sa_family_t(AF_INET6) {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    UInt16(bigEndian: $0.pointee.sin6_port)
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                UInt16(bigEndian: $0.pointee.sin_port)
            }
        }
    }

    /// The numeric address and port of a TCP peer, e.g. `127.0.0.1:51234`.
    static func peerName(_ fd: Int32) -> String {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(fd, $0, &length) }
        }
        guard result == 0 else { return "unknown" }
        return numericName(storage, length: length)
    }

    /// A socket address as text, numerically: `address:port`, or `[address]:port` for IPv6.
    ///
    /// With `unmappingIPv4`, an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) is written as plain IPv4.
    static func numericName(_ storage: sockaddr_storage, length: socklen_t, unmappingIPv4: Bool = false) -> String {
        var copy = storage
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        var service = [CChar](repeating: 0, count: Int(NI_MAXSERV))
        let result = withUnsafeMutablePointer(to: &copy) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getnameinfo(
                    $0, length, &host, socklen_t(host.count), &service, socklen_t(service.count),
                    NI_NUMERICHOST | NI_NUMERICSERV)
            }
        }
        guard result == 0 else { return "unknown" }
        func text(_ characters: [CChar]) -> String {
            String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        var address = text(host)
        if unmappingIPv4 && address.hasPrefix("::ffff:") && address.contains(".") {
            address.removeFirst(7)
        }
        return address.contains(":") ? "[\(address)]:\(text(service))" : "\(address):\(text(service))"
    }

    /// The user ID of a Unix-socket peer (SO_PEERCRED, unix(7)).
    static func peerUserID(_ fd: Int32) -> uid_t? {
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; } (socket(7)); Glibc hides it behind _GNU_SOURCE.
        var credentials: (Int32, UInt32, UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
        let peerCredentials: Int32 = 17  // SO_PEERCRED on Linux (asm-generic/socket.h)
        guard getsockopt(fd, SOL_SOCKET, peerCredentials, &credentials, &length) == 0 else { return nil }
        return credentials.1
    }

    /// Accepts one connection, non-blocking and close-on-exec; `nil` when none is waiting.
    public static func accept(_ listener: Int32) -> Int32? {
        while true {
            let fd = Glibc.accept(listener, nil, nil)
            if fd >= 0 {
                // mhubd never forks, so setting close-on-exec after accept leaves no window that matters.
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                setNonBlocking(fd)
                return fd
            }
            if errno == EINTR { continue }
            return nil
        }
    }
}
