/// Where `mhubd` keeps its control socket and its state unless configured otherwise, for a process with this
/// environment and user; `mhubd` and its clients both ask here, so they agree.
///
/// Under systemd, the directories its `RuntimeDirectory=` and `StateDirectory=` made (`$RUNTIME_DIRECTORY`,
/// `$STATE_DIRECTORY`, systemd.exec(5); the first when one lists several), whatever the user. Else, as root:
/// `/run/mhubd/` and `/var/lib/mhubd/` (what those settings give). Otherwise `$XDG_RUNTIME_DIR/mhubd/` (or
/// `/tmp/mhubd-UID/`) and `$XDG_STATE_HOME/mhubd/` (or `~/.local/state/mhubd/`).
public struct DefaultPaths: Equatable, Sendable {
    public var environment: [String: String]
    public var effectiveUserID: UInt32
    public var home: String

    public init(environment: [String: String], effectiveUserID: UInt32, home: String) {
        self.environment = environment
        self.effectiveUserID = effectiveUserID
        self.home = home
    }

    public var socketPath: String {
        if let runtime = Self.serviceDirectory(environment["RUNTIME_DIRECTORY"]) {
            return "\(runtime)/mhubd.sock"
        }
        if effectiveUserID == 0 {
            return "/run/mhubd/mhubd.sock"
        }
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return "\(runtime)/mhubd/mhubd.sock"
        }
        return "\(Self.privateTemporaryDirectory(effectiveUserID))/mhubd.sock"
    }

    public var stateDirectory: String {
        if let state = Self.serviceDirectory(environment["STATE_DIRECTORY"]) {
            return state
        }
        if effectiveUserID == 0 {
            return "/var/lib/mhubd"
        }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return "\(state)/mhubd"
        }
        return "\(home)/.local/state/mhubd"
    }

    /// The runtime directory of a user without `$XDG_RUNTIME_DIR`: in the shared /tmp, so mhubd makes it 0700
    /// and refuses one that someone else owns or others can write.
    public static func privateTemporaryDirectory(_ userID: UInt32) -> String {
        "/tmp/mhubd-\(userID)"
    }

    /// The hub's own admin token, made at first start (docs/configuration.md, "Who can connect").
    public static func adminTokenPath(stateDirectory: String) -> String {
        "\(stateDirectory)/admin.token"
    }

    /// The first absolute path of a colon-separated list the service manager set, if any.
    static func serviceDirectory(_ list: String?) -> String? {
        list?.split(separator: ":").first.map(String.init).flatMap { $0.hasPrefix("/") ? $0 : nil }
    }
}
