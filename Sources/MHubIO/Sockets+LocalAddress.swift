import Foundation

extension Sockets {
    /// What a socket is bound to, as `getsockname(2)` and `getsockopt(2)` tell.
    enum LocalAddress: Equatable {
        /// A Unix socket; `path` is empty for an unnamed or abstract one.
        case unix(path: String)
        /// An IPv4 or IPv6 socket: the numeric host, the port, and whether the host is a loopback address.
        case inet(host: String, port: UInt16, isLoopback: Bool)
        /// Any other family.
        case other(family: Int32)
    }

    /// Whether `fd` is a stream socket in the listening state (SO_TYPE, SO_ACCEPTCONN; socket(7)).
    static func isListeningStream(_ fd: Int32) -> Bool {
        var type: Int32 = 0
        var accepting: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &length) == 0 else { return false }
        length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &accepting, &length) == 0 else { return false }
        return type == Int32(SOCK_STREAM.rawValue) && accepting != 0
    }

    /// The address `fd` is bound to.
    static func localAddress(_ fd: Int32) throws(SystemError) -> LocalAddress {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0 else { throw SystemError("getsockname") }
        switch Int32(storage.ss_family) {
        case AF_UNIX:
            let path = withUnsafeBytes(of: &storage) { raw -> String in
                let offset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path)!
                let bytes = raw[offset..<min(Int(length), raw.count)]
                guard bytes.first != 0 else { return "" }
                return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            return .unix(path: path)
        case AF_INET:
            let address = withUnsafeBytes(of: &storage) { $0.load(as: sockaddr_in.self) }
            let octets = withUnsafeBytes(of: address.sin_addr) { Array($0) }
            return .inet(
                host: octets.map(String.init).joined(separator: "."), port: boundPort(storage),
                isLoopback: octets[0] == 127)
        case AF_INET6:
            let address = withUnsafeBytes(of: &storage) { $0.load(as: sockaddr_in6.self) }
            let bytes = withUnsafeBytes(of: address.sin6_addr) { Array($0) }
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            var raw = address.sin6_addr
            _ = inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count))
            let isLoopback =
                bytes == Array(repeating: 0, count: 15) + [1]  // ::1
                || (bytes[0..<12] == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF] && bytes[12] == 127)  // ::ffff:127.x
            return .inet(
                host: String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
                port: boundPort(storage), isLoopback: isLoopback)
        default:
            return .other(family: Int32(storage.ss_family))
        }
    }
}
