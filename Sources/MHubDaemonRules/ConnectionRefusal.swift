import MHubHub

/// Why mhubd turns a control connection away (docs/configuration.md, "Who can connect"), and how each framing
/// says so: an HTTP status before the WebSocket handshake's answer, a close code after it, an error line on the
/// Unix socket.
package struct ConnectionRefusal: Error, Equatable {
    package enum Kind: Equatable {
        /// `control.max_connections` are open.
        case tooManyConnections
        /// The principal holds `control.max_connections_per_principal`.
        case tooManyForPrincipal
        /// The WebSocket handshake did not complete within `control.handshake_timeout_ms`.
        case handshakeTimedOut
        /// `control.max_pending_handshakes` newer connections were waiting: the oldest goes.
        case handshakeQueueFull
        /// A reload removed or changed the token the connection presented.
        case tokenRevoked
    }

    var kind: Kind
    package var details: String

    package init(kind: Kind, details: String) {
        self.kind = kind
        self.details = details
    }

    package var httpStatus: Int {
        switch kind {
        case .tooManyConnections, .handshakeQueueFull: 503
        case .tooManyForPrincipal: 429
        case .handshakeTimedOut: 408
        case .tokenRevoked: 401
        }
    }

    /// RFC 6455 section 7.4.1: 1013 (try again later) for load, 1008 (policy violation) for a revoked token.
    package var closeCode: UInt16 {
        switch kind {
        case .tooManyConnections, .tooManyForPrincipal, .handshakeQueueFull, .handshakeTimedOut: 1013
        case .tokenRevoked: 1008
        }
    }

    package var retryAfterSeconds: Int? {
        switch kind {
        case .tooManyConnections, .tooManyForPrincipal, .handshakeQueueFull: 1
        case .handshakeTimedOut, .tokenRevoked: nil
        }
    }

    package var errorCode: HubError.Code {
        switch kind {
        case .tooManyConnections, .tooManyForPrincipal, .handshakeQueueFull, .handshakeTimedOut: .tooManyConnections
        case .tokenRevoked: .unauthorized
        }
    }
}
