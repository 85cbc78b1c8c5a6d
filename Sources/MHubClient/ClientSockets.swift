import Foundation

/// Blocking client sockets for `MHubConnection`.
enum ClientSockets {
    static func connectUnix(path: String) throws(MHubClientError) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw error("socket") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(fd)
            throw MHubClientError(kind: .connection, details: "socket path too long: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            let failure = error("cannot connect to \(path) (is mhubd running?)")
            close(fd)
            throw failure
        }
        return fd
    }

    static func connectTCP(host: String, port: UInt16) throws(MHubClientError) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let lookup = getaddrinfo(host, String(port), &hints, &list)
        guard lookup == 0, let first = list else {
            throw MHubClientError(
                kind: .connection, details: "cannot resolve \(host): \(String(cString: gai_strerror(lookup)))")
        }
        defer { freeaddrinfo(list) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        var lastError = MHubClientError(kind: .connection, details: "cannot connect to \(host):\(port)")
        while let info = entry {
            let fd = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            if fd >= 0 {
                if connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 {
                    var one: Int32 = 1
                    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                    return fd
                }
                lastError = error("cannot connect to \(host):\(port) (is mhubd running?)")
                close(fd)
            }
            entry = info.pointee.ai_next
        }
        throw lastError
    }

    private static func error(_ what: String) -> MHubClientError {
        MHubClientError(kind: .connection, details: "\(what): \(String(cString: strerror(errno)))")
    }
}
