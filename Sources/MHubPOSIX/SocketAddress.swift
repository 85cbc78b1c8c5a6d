import Glibc

/// A socket address (`sockaddr_un`, `sockaddr_in` or `sockaddr_in6`) as a Swift value: its bytes and length.
///
/// Everything mhub decides about a peer (is it loopback, which address is it) is decided from these bytes,
/// never from text.
public struct SocketAddress: Hashable, Sendable, CustomStringConvertible {
    /// The address as the kernel filled it in, `length` bytes of a `sockaddr_storage`.
    public let bytes: [UInt8]

    /// An address from raw bytes, at most a `sockaddr_storage`.
    public init?(bytes: [UInt8]) {
        guard bytes.count >= MemoryLayout<sa_family_t>.size, bytes.count <= MemoryLayout<sockaddr_storage>.size
        else { return nil }
        self.bytes = bytes
    }

    init(storage: sockaddr_storage, length: socklen_t) {
        bytes = withUnsafeBytes(of: storage) { Array($0.prefix(Int(length))) }
    }

    /// A Unix socket path; throws if it does not fit `sun_path`.
    public static func unix(path: String) throws(SystemError) -> SocketAddress {
        try unix(pathBytes: Array(path.utf8))
    }

    /// A Unix socket address of exactly these `sun_path` bytes: a path (its terminating NUL added), or an
    /// abstract name when the first byte is NUL (unix(7): an abstract address is exactly its bytes).
    public static func unix(pathBytes: [UInt8]) throws(SystemError) -> SocketAddress {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let abstract = pathBytes.first == 0
        guard pathBytes.count + (abstract ? 0 : 1) <= MemoryLayout.size(ofValue: address.sun_path) else {
            throw SystemError(
                "socket path too long: \(String(decoding: pathBytes, as: UTF8.self))", errno: .nameTooLong)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: pathBytes) }
        let length = MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + pathBytes.count + (abstract ? 0 : 1)
        return SocketAddress(raw: address, length: length)
    }

    /// Every IPv6 address (`[::]`) on `port`.
    public static func anyIPv6(port: UInt16) -> SocketAddress {
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = port.bigEndian
        address.sin6_addr = in6addr_any
        return SocketAddress(raw: address)
    }

    /// Every IPv4 address (`0.0.0.0`) on `port`.
    public static func anyIPv4(port: UInt16) -> SocketAddress {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = INADDR_ANY
        return SocketAddress(raw: address)
    }

    /// The addresses of a numeric host (IPv4 or IPv6 literal, or `localhost` as 127.0.0.1) and port.
    public static func numeric(host: String, port: UInt16) throws(SystemError) -> [SocketAddress] {
        try resolve(host: host == "localhost" ? "127.0.0.1" : host, port: port, flags: AI_NUMERICHOST)
    }

    /// The addresses of `host` (a name or a literal) and `port` for a stream socket (getaddrinfo(3)).
    public static func resolve(host: String, port: UInt16, flags: Int32 = 0) throws(SystemError) -> [SocketAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = flags | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let lookup = getaddrinfo(host, String(port), &hints, &list)
        guard lookup == 0 else {
            throw SystemError("getaddrinfo \(host): \(String(cString: gai_strerror(lookup)))", errno: .invalidArgument)
        }
        defer { freeaddrinfo(list) }
        var addresses: [SocketAddress] = []
        var entry = list
        while let info = entry {
            if let pointer = info.pointee.ai_addr {
                let raw = UnsafeRawBufferPointer(start: pointer, count: Int(info.pointee.ai_addrlen))
                if let address = SocketAddress(bytes: Array(raw)) { addresses.append(address) }
            }
            entry = info.pointee.ai_next
        }
        return addresses
    }

    private init<Raw>(raw: Raw, length: Int = MemoryLayout<Raw>.size) {
        bytes = withUnsafeBytes(of: raw) { Array($0.prefix(length)) }
    }

    public var family: Int32 {
        Int32(bytes.withUnsafeBytes { $0.loadUnaligned(as: sa_family_t.self) })
    }

    /// Calls `body` with the address as a `sockaddr` pointer and its length.
    public func withSockaddr<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        var storage = sockaddr_storage()
        withUnsafeMutableBytes(of: &storage) { $0.copyBytes(from: bytes) }
        return withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(bytes.count)) }
        }
    }

    private func load<Raw>(_ type: Raw.Type) -> Raw? {
        guard bytes.count >= MemoryLayout<Raw>.size else { return nil }
        return bytes.withUnsafeBytes { $0.loadUnaligned(as: Raw.self) }
    }

    /// The 4 or 16 address bytes of an IPv4 or IPv6 address.
    public var ipBytes: [UInt8]? {
        switch family {
        case AF_INET: load(sockaddr_in.self).map { address in withUnsafeBytes(of: address.sin_addr) { Array($0) } }
        case AF_INET6:
            load(sockaddr_in6.self).map { address in withUnsafeBytes(of: address.sin6_addr) { Array($0) } }
        default: nil
        }
    }

    /// The port of an IPv4 or IPv6 address.
    public var port: UInt16? {
        switch family {
        case AF_INET: load(sockaddr_in.self).map { UInt16(bigEndian: $0.sin_port) }
        case AF_INET6: load(sockaddr_in6.self).map { UInt16(bigEndian: $0.sin6_port) }
        default: nil
        }
    }

    /// The path of a Unix socket address; empty for an unnamed or abstract one.
    public var unixPath: String? {
        guard family == AF_UNIX else { return nil }
        let offset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path)!
        let path = bytes.dropFirst(offset)
        guard path.first != 0 else { return "" }
        return String(decoding: path.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`), if it is one.
    private var mappedIPv4: [UInt8]? {
        guard family == AF_INET6, let ip = ipBytes, ip.prefix(12) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]
        else { return nil }
        return Array(ip.suffix(4))
    }

    /// Whether this is a loopback address: 127.0.0.0/8, ::1, or ::ffff:127.0.0.0/104 (RFC 1122 3.2.1.3,
    /// RFC 4291 2.5.3).
    public var isLoopback: Bool {
        if let v4 = family == AF_INET ? ipBytes : mappedIPv4 { return v4[0] == 127 }
        return family == AF_INET6 && ipBytes == Array(repeating: 0, count: 15) + [1]
    }

    /// The numeric host: `127.0.0.1`, `::1`, `fe80::1%2`; an IPv4-mapped address as plain IPv4 when
    /// `unmappingIPv4`.
    public func numericHost(unmappingIPv4: Bool = false) -> String? {
        if unmappingIPv4, let v4 = mappedIPv4 { return v4.map(String.init).joined(separator: ".") }
        guard family == AF_INET || family == AF_INET6 else { return nil }
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        let result = withSockaddr { address, length in
            getnameinfo(address, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST)
        }
        guard result == 0 else { return nil }
        return String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `address:port`, `[address]:port` for IPv6, or the path of a Unix address.
    public func text(unmappingIPv4: Bool = false) -> String {
        if let path = unixPath { return path.isEmpty ? "unix" : path }
        guard let host = numericHost(unmappingIPv4: unmappingIPv4), let port else { return "family \(family)" }
        return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    public var description: String { text() }
}
