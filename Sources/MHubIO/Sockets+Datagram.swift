import Foundation

/// UDP for the User Directed Commissioning port.
extension Sockets {
    /// A UDP socket on `port` of every address: IPv6 `::` taking IPv4 too (`IPV6_V6ONLY` off), or IPv4
    /// `0.0.0.0` where IPv6 is not available. Non-blocking and close-on-exec; returns it and the port bound
    /// (the one picked when `port` is 0) and the address bound, `[::]` or `0.0.0.0`.
    static func bindDatagram(port: UInt16) throws(SystemError) -> (fd: Int32, port: UInt16, address: String) {
        let type = Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        var fd = socket(AF_INET6, type, 0)
        var bound: Int32
        var any = "[::]"
        if fd >= 0 {
            var off: Int32 = 0
            setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &off, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            address.sin6_addr = in6addr_any
            bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            fd = socket(AF_INET, type, 0)
            guard fd >= 0 else { throw SystemError("socket") }
            any = "0.0.0.0"
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = INADDR_ANY
            bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard bound == 0 else {
            let error = SystemError("bind udp port \(port)")
            close(fd)
            throw error
        }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, boundPort(storage), any)
    }

    /// The next waiting datagram (at most `maximum` bytes of it) and its sender as `address:port`
    /// (`[address]:port` for IPv6; IPv4-mapped addresses as plain IPv4); `nil` when none is waiting.
    static func receiveDatagram(_ fd: Int32, maximum: Int) -> (bytes: [UInt8], sender: String)? {
        var buffer = [UInt8](repeating: 0, count: maximum)
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        while true {
            let count = buffer.withUnsafeMutableBytes { bytes in
                withUnsafeMutablePointer(to: &storage) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        recvfrom(fd, bytes.baseAddress, bytes.count, 0, $0, &length)
                    }
                }
            }
            if count >= 0 {
                return (Array(buffer.prefix(count)), numericName(storage, length: length, unmappingIPv4: true))
            }
            if errno == EINTR { continue }
            return nil
        }
    }
}
