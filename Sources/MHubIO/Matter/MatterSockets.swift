import Foundation

/// The socket calls of the Matter port: one UDP and one TCP socket on the same port, on every address.
///
/// IPv6 sockets with IPV6_V6ONLY off take IPv4 too (as `::ffff:a.b.c.d`); where IPv6 is missing, IPv4 alone.
/// Every descriptor is non-blocking and close-on-exec from its creation.
enum MatterSockets {
    /// Binds UDP, then TCP on the same port; with port 0 the kernel picks UDP's and TCP follows, retried if
    /// that port is taken for TCP.
    static func bind(port: UInt16) throws(SystemError) -> (udp: Int32, tcp: Int32, port: UInt16) {
        var lastError = SystemError("bind", errno: EADDRINUSE)
        for _ in 0..<(port == 0 ? 20 : 1) {
            let udp = try socket(Int32(SOCK_DGRAM.rawValue))
            guard bindAny(udp, port: port) else {
                let error = SystemError("bind udp port \(port)")
                Glibc.close(udp)
                throw error
            }
            let bound = boundPort(udp)
            let tcp: Int32
            do {
                tcp = try socket(Int32(SOCK_STREAM.rawValue))
            } catch {
                Glibc.close(udp)
                throw error
            }
            var one: Int32 = 1
            setsockopt(tcp, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            if bindAny(tcp, port: bound), listen(tcp, 64) == 0 {
                return (udp, tcp, bound)
            }
            lastError = SystemError("bind tcp port \(bound)")
            Glibc.close(tcp)
            Glibc.close(udp)
        }
        throw lastError
    }

    /// A datagram waiting on `fd` and who sent it; nil when none is waiting.
    static func receive(_ fd: Int32, into buffer: inout [UInt8]) -> (count: Int, address: MatterUDPAddress)? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        while true {
            let count = buffer.withUnsafeMutableBytes { bytes in
                withUnsafeMutablePointer(to: &storage) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        recvfrom(fd, bytes.baseAddress, bytes.count, Int32(MSG_TRUNC), $0, &length)
                    }
                }
            }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            let addressBytes = withUnsafeBytes(of: &storage) { Array($0.prefix(Int(length))) }
            return (count, MatterUDPAddress(bytes: addressBytes, text: Sockets.numericName(storage, length: length)))
        }
    }

    /// Sends one datagram; false if the kernel would not take it now (UDP may drop; MRP retransmits).
    @discardableResult
    static func send(_ fd: Int32, _ bytes: [UInt8], to address: MatterUDPAddress) -> Bool {
        var storage = sockaddr_storage()
        guard address.bytes.count <= MemoryLayout<sockaddr_storage>.size else { return false }
        withUnsafeMutableBytes(of: &storage) { $0.copyBytes(from: address.bytes) }
        while true {
            let sent = bytes.withUnsafeBytes { payload in
                withUnsafePointer(to: &storage) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        sendto(
                            fd, payload.baseAddress, payload.count, Int32(MSG_NOSIGNAL), $0,
                            socklen_t(address.bytes.count))
                    }
                }
            }
            if sent < 0 && errno == EINTR { continue }
            return sent == bytes.count
        }
    }

    /// Accepts one TCP connection, non-blocking and close-on-exec; nil when none is waiting.
    ///
    /// Glibc's `accept4` is not visible to Swift (it needs `_GNU_SOURCE`), so the flags are set after `accept`:
    /// mhubd never forks, so no child can inherit the descriptor in between (as `Sockets.accept`).
    static func accept(_ listener: Int32) -> (fd: Int32, name: String)? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        while true {
            let fd = withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.accept(listener, $0, &length) }
            }
            if fd >= 0 {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                Sockets.setNonBlocking(fd)
                Sockets.disableNagle(fd)
                return (fd, Sockets.numericName(storage, length: length))
            }
            if errno == EINTR { continue }
            return nil
        }
    }

    private static func socket(_ type: Int32) throws(SystemError) -> Int32 {
        let flags = Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let fd = Glibc.socket(AF_INET6, type | flags, 0)
        if fd >= 0 {
            var off: Int32 = 0
            setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &off, socklen_t(MemoryLayout<Int32>.size))
            return fd
        }
        let fallback = Glibc.socket(AF_INET, type | flags, 0)
        guard fallback >= 0 else { throw SystemError("socket") }
        return fallback
    }

    /// Binds `fd` to every address of its family on `port`.
    private static func bindAny(_ fd: Int32, port: UInt16) -> Bool {
        var family = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &family) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        if family.ss_family == sa_family_t(AF_INET6) {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            address.sin6_addr = in6addr_any
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
                }
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = INADDR_ANY
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    private static func boundPort(_ fd: Int32) -> UInt16 {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Sockets.boundPort(storage)
    }
}
