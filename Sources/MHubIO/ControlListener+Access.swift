import MHubCore
import MHubHub

extension ControlListener {
    /// The WebSocket rules the configuration gives: its tokens, and the scope of clients without a
    /// token, which only a listener on a loopback address grants (docs/configuration.md).
    static func webSocketAccess(_ control: ControlConfiguration, isLoopback: Bool) -> WebSocketFraming.Access {
        var tokens: [String: (Principal, Scope)] = [:]
        for token in control.tokens {
            tokens[token.token] = (Principal(token.name), Scope(name: token.scope) ?? .read)
        }
        return WebSocketFraming.Access(
            tokens: tokens, anonymousScope: isLoopback ? Scope(name: control.loopbackScope) : nil)
    }

    /// The scope of Unix-socket peers that are neither root nor the daemon's own user.
    static func unixGroupScope(_ control: ControlConfiguration) -> Scope {
        Scope(name: control.unixGroupScope) ?? .commission
    }

    /// A reloaded configuration: its tokens and scopes apply to connections accepted from now on;
    /// open connections keep the scope they were given.
    func reconfigure(_ control: ControlConfiguration) {
        switch kind {
        case .unix(let path, _):
            kind = .unix(path: path, groupScope: Self.unixGroupScope(control))
        case .webSocket(let access):
            // Only a loopback listener has an anonymous scope at all, whatever the scope's name.
            kind = .webSocket(access: Self.webSocketAccess(control, isLoopback: access.anonymousScope != nil))
        }
    }
}
