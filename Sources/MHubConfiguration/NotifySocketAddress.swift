/// Where `$NOTIFY_SOCKET` says the service manager listens for notifications (sd_notify(3)).
public enum NotifySocketAddress: Equatable, Sendable {
    /// A Unix datagram socket in the file system, e.g. `/run/systemd/notify`.
    case path(String)
    /// A socket in the abstract namespace; the variable spells it with a leading `@`, which stands for
    /// the NUL byte that starts the address (unix(7)).
    case abstract(String)

    /// Reads the variable's value; `nil` when it is empty or neither an absolute path nor `@name`
    /// (other address kinds, such as `vsock:`, are not used on this platform's service manager).
    public init?(_ value: String) {
        if value.hasPrefix("/") {
            self = .path(value)
        } else if value.hasPrefix("@"), value.utf8.count > 1 {
            self = .abstract(String(value.dropFirst()))
        } else {
            return nil
        }
    }

    /// The bytes of `sun_path`, with the abstract namespace's leading NUL; no terminating NUL.
    public var socketPathBytes: [UInt8] {
        switch self {
        case .path(let path): Array(path.utf8)
        case .abstract(let name): [0] + Array(name.utf8)
        }
    }
}
