import Foundation

/// The peer tests' private network, as `scripts/netns-pair.sh` makes it: the namespaces `mh-hub` (avahi-daemon,
/// mhubd) and `mh-ctl` (a controller) joined by a veth pair with fixed link-local addresses, so that multicast DNS
/// and Matter between the two never touch the machine's own interfaces.
///
/// Use it through `with(_:)`, which brings the pair up, hands it to the body and always takes it down again, also
/// when the body throws; a pair a crashed run left behind is removed by the next `up`. The host's avahi-daemon is
/// stopped while the pair exists, so the caller must hold `AvahiDaemonLock` (`.avahiDaemonLock` on the suite).
public struct NetworkNamespacePair: Sendable {
    /// One end of the pair: its namespace, its interface and that interface's addresses.
    public struct Side: Sendable, Equatable {
        public var namespace: String
        public var interface: String
        /// The interface's IPv6 link-local address, without a zone.
        public var linkLocalAddress: String
        public var ipv4Address: String
    }

    /// Where avahi-daemon and mhubd run.
    public var hub: Side
    /// Where the controller runs.
    public var controller: Side

    /// The hub's link-local address as the controller reaches it, with the controller's interface as the zone:
    /// `fe80::1%mh1`.
    public var hubAddressFromController: String { "\(hub.linkLocalAddress)%\(controller.interface)" }

    public static let script = AvahiDaemon.repositoryRoot.appendingPathComponent("scripts/netns-pair.sh").path

    /// `ip` from iproute2, where Debian puts it.
    public static let ip = ["/usr/sbin/ip", "/usr/bin/ip", "/sbin/ip", "/bin/ip"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Why the pair cannot be made here (not root, no `ip`, no avahi-daemon), or nil if it can.
    public static var missingPrerequisite: String? {
        guard geteuid() == 0 else { return "network namespaces need root" }
        guard ip != nil else { return "no ip: install iproute2 (scripts/setup.sh --test-tools)" }
        let daemons = ["/usr/sbin/avahi-daemon", "/usr/bin/avahi-daemon"]
        guard daemons.contains(where: FileManager.default.isExecutableFile(atPath:)) else {
            return "no avahi-daemon: run scripts/setup.sh"
        }
        return nil
    }

    /// Brings the pair up, runs `body` with it, and takes it down whatever `body` does.
    ///
    /// - Important: the caller holds `AvahiDaemonLock` for the whole call; without it this throws before
    ///   touching anything.
    public static func with<Result>(_ body: (NetworkNamespacePair) throws -> Result) throws -> Result {
        guard AvahiDaemonLock.isHeld else {
            throw PeerTestFailure("NetworkNamespacePair needs AvahiDaemonLock: add .avahiDaemonLock to the suite")
        }
        if let missing = missingPrerequisite {
            throw PeerTestFailure("the test network cannot be made here: \(missing)")
        }
        defer { _ = try? control("down") }
        let status = try control("up")
        return try body(try parse(status.output))
    }

    /// Runs `netns-pair.sh <command>`; throws with its output when it fails.
    @discardableResult
    static func control(_ command: String) throws -> PeerProcessResult {
        let result = try PeerProcess.run("/bin/sh", [script, command], timeout: 60)
        guard result.status == 0 else {
            throw PeerTestFailure(
                "netns-pair.sh \(command) failed (\(result.status)): \(result.output)\(result.errors)")
        }
        return result
    }

    /// The pair from `netns-pair.sh status`: `<namespace> <interface> <IPv6> <IPv4>`, hub side first.
    static func parse(_ status: String) throws -> NetworkNamespacePair {
        let sides = status.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
            .filter { $0.count == 4 }
            .map { Side(namespace: $0[0], interface: $0[1], linkLocalAddress: $0[2], ipv4Address: $0[3]) }
        guard sides.count == 2 else { throw PeerTestFailure("netns-pair.sh status said:\n\(status)") }
        return NetworkNamespacePair(hub: sides[0], controller: sides[1])
    }

    /// `ip netns exec <namespace>`: the launcher that runs a program inside `side`.
    public func launcher(in side: Side) -> (program: URL, arguments: [String]) {
        (URL(fileURLWithPath: Self.ip ?? "/usr/sbin/ip"), ["netns", "exec", side.namespace])
    }

    /// Starts `program` inside `side`; `ip netns exec` replaces itself with the program, so the process's PID is
    /// the program's.
    public func start(in side: Side, _ program: String, _ arguments: [String]) throws -> PeerProcess {
        let launcher = launcher(in: side)
        return try PeerProcess(launcher.program.path, launcher.arguments + [program] + arguments)
    }

    /// Runs `program` inside `side` to completion, stopping it after `timeout` seconds.
    public func run(in side: Side, _ program: String, _ arguments: [String], timeout: Double) throws
        -> PeerProcessResult
    {
        try start(in: side, program, arguments).finish(within: timeout)
    }
}
