import Foundation

/// The sockets mhub listens and connects with, made from `FileDescriptor`'s calls: every descriptor close-on-exec
/// from its creation, listeners non-blocking. Public for the daemon's I/O and the benchmark's floor server
/// (bench/), which listen and connect the same way.
public enum Sockets {
    /// A listening Unix stream socket at `path` with permission bits `mode`.
    ///
    /// A stale socket file (nobody accepts on it) is replaced; a live one means another mhubd runs there.
    public static func listenUnix(path: String, mode: mode_t, backlog: Int32 = 512) throws(SystemError)
        -> FileDescriptor
    {
        let address = try SocketAddress.unix(path: path)
        if FileManager.default.fileExists(atPath: path) {
            if let probe = try? connect(to: address) {
                probe.close()
                throw SystemError("another mhubd is listening on \(path); bind", errno: .addressInUse)
            }
            unlink(path)
        }
        let fd = try FileDescriptor.socket(family: AF_UNIX, type: Int32(SOCK_STREAM.rawValue))
        do {
            try fd.bind(to: address)
            chmod(path, mode)
            try fd.listen(backlog: backlog)
        } catch {
            fd.close()
            throw error
        }
        return fd
    }

    /// A listening TCP socket on `host:port` (IPv4 or IPv6 literal, or `localhost`); returns it and the port bound.
    public static func listenTCP(host: String, port: UInt16, backlog: Int32 = 512) throws(SystemError)
        -> (FileDescriptor, UInt16)
    {
        guard let address = try SocketAddress.numeric(host: host, port: port).first else {
            throw SystemError("no address for \(host)", errno: .invalidArgument)
        }
        let fd = try FileDescriptor.socket(family: address.family, type: Int32(SOCK_STREAM.rawValue))
        do {
            fd.setOption(level: SOL_SOCKET, SO_REUSEADDR, 1)
            try fd.bind(to: address)
            try fd.listen(backlog: backlog)
            return (fd, try fd.localAddress().port ?? port)
        } catch {
            fd.close()
            throw error
        }
    }

    /// A socket of `type` bound to every address on `port`: IPv6 `[::]` taking IPv4 too (IPV6_V6ONLY off, so IPv4
    /// peers arrive as `::ffff:a.b.c.d`), or IPv4 `0.0.0.0` where IPv6 is missing. Returns it, the port bound (the
    /// one the kernel picked for 0) and the address as text.
    public static func bindEveryAddress(type: Int32, port: UInt16) throws(SystemError)
        -> (fd: FileDescriptor, port: UInt16, address: String)
    {
        let fd: FileDescriptor
        let address: SocketAddress
        if let v6 = try? FileDescriptor.socket(family: AF_INET6, type: type) {
            v6.setOption(level: Int32(IPPROTO_IPV6), IPV6_V6ONLY, 0)
            (fd, address) = (v6, .anyIPv6(port: port))
        } else {
            (fd, address) = (try FileDescriptor.socket(family: AF_INET, type: type), .anyIPv4(port: port))
        }
        do {
            if type == Int32(SOCK_STREAM.rawValue) { fd.setOption(level: SOL_SOCKET, SO_REUSEADDR, 1) }
            try fd.bind(to: address)
            let bound = try fd.localAddress().port ?? port
            return (fd, bound, address.family == AF_INET6 ? "[::]" : "0.0.0.0")
        } catch {
            fd.close()
            throw error
        }
    }

    /// A blocking stream socket connected to the Unix socket at `path`.
    public static func connectUnix(path: String) throws(SystemError) -> FileDescriptor {
        try connect(to: SocketAddress.unix(path: path))
    }

    /// A blocking stream socket connected to `address`.
    public static func connect(to address: SocketAddress) throws(SystemError) -> FileDescriptor {
        let fd = try FileDescriptor.socket(family: address.family, type: Int32(SOCK_STREAM.rawValue), blocking: true)
        do {
            try fd.connect(to: address)
            return fd
        } catch {
            fd.close()
            throw error
        }
    }

    /// A blocking TCP socket connected to `host:port` (a name or a literal), trying each address in turn, with
    /// TCP_NODELAY.
    public static func connectTCP(host: String, port: UInt16) throws(SystemError) -> FileDescriptor {
        var lastError = SystemError("connect \(host):\(port)", errno: .invalidArgument)
        for address in try SocketAddress.resolve(host: host, port: port) {
            do {
                let fd = try connect(to: address)
                fd.disableNagle()
                return fd
            } catch {
                lastError = error
            }
        }
        throw lastError
    }
}
