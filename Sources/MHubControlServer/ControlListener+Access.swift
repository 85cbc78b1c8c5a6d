import MHubConfiguration
import MHubHub
import MHubProtocol

extension ControlListener {
    /// The WebSocket rules the configuration gives: its tokens (and the hub's own admin token), the scope of
    /// clients without a token, which only a listener on a loopback address grants, and the web origins allowed
    /// (docs/configuration.md, "Who can connect").
    package static func webSocketAccess(_ control: ControlConfiguration, isLoopback: Bool, adminToken: AccessToken?)
        -> WebSocketFraming.Access
    {
        var tokens: [String: (Principal, Scope)] = [:]
        for token in control.tokens + (adminToken.map { [$0] } ?? []) {
            tokens[token.token] = (Principal(token.name), Scope(name: token.scope) ?? .read)
        }
        return WebSocketFraming.Access(
            tokens: tokens, anonymousScope: isLoopback ? Scope(name: control.loopbackScope) : nil,
            allowedOrigins: Set(control.allowedOrigins.compactMap(WebOrigin.init)), isLoopback: isLoopback)
    }

    /// The scope of Unix-socket peers that are neither root nor the daemon's own user.
    package static func unixGroupScope(_ control: ControlConfiguration) -> Scope {
        Scope(name: control.unixGroupScope) ?? .commission
    }

    /// A reloaded configuration: its tokens and scopes apply to connections accepted from now on; open
    /// connections keep the scope they were given, except that one whose token is gone or changed is closed
    /// (`HubService.closeConnections(where:)`, called by the daemon's reload).
    package func reconfigure(_ control: ControlConfiguration, adminToken: AccessToken?) {
        switch kind {
        case .unix(let path, _):
            kind = .unix(path: path, groupScope: Self.unixGroupScope(control))
        case .webSocket(let access):
            kind = .webSocket(
                access: Self.webSocketAccess(control, isLoopback: access.isLoopback, adminToken: adminToken))
        }
    }
}
