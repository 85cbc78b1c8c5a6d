import Glibc

/// The addresses of this host's network interfaces (getifaddrs(3)).
public enum InterfaceAddresses {
    public struct Entry: Hashable, Sendable {
        public var interface: String
        public var address: SocketAddress
        /// IFF_LOOPBACK.
        public var isLoopbackInterface: Bool
    }

    /// Every IPv4 and IPv6 address of an interface that is up.
    public static func all() -> [Entry] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var entries: [Entry] = []
        var next = list
        while let entry = next {
            defer { next = entry.pointee.ifa_next }
            let flags = entry.pointee.ifa_flags
            guard flags & UInt32(IFF_UP) != 0, let raw = entry.pointee.ifa_addr else { continue }
            let family = Int32(raw.pointee.sa_family)
            let length =
                family == AF_INET6
                ? MemoryLayout<sockaddr_in6>.size : family == AF_INET ? MemoryLayout<sockaddr_in>.size : 0
            guard length > 0,
                let address = SocketAddress(bytes: Array(UnsafeRawBufferPointer(start: raw, count: length)))
            else { continue }
            entries.append(
                Entry(
                    interface: String(cString: entry.pointee.ifa_name), address: address,
                    isLoopbackInterface: flags & UInt32(IFF_LOOPBACK) != 0))
        }
        return entries
    }
}
