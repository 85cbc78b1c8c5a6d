import MHubCore

/// Why a call to `mhubd` failed.
public struct MHubClientError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The hub answered with an error: `code` and `name` are its stable code and name.
        case hub
        /// The connection could not be made or broke.
        case connection
        /// The hub's answer did not follow the protocol.
        case protocolViolation
        /// No answer in time.
        case timeout
    }

    public var kind: Kind
    /// The hub's error code (docs/protocol.md), for `.hub`.
    public var code: Int?
    public var name: String?
    public var details: String

    public init(kind: Kind, code: Int? = nil, name: String? = nil, details: String) {
        self.kind = kind
        self.code = code
        self.name = name
        self.details = details
    }

    public var description: String {
        switch kind {
        case .hub: "\(name ?? "error") (\(code ?? 0)): \(details)"
        case .connection: "connection: \(details)"
        case .protocolViolation: "protocol: \(details)"
        case .timeout: "timeout: \(details)"
        }
    }
}

/// An event the hub pushed: its name and data.
public struct MHubEvent: Sendable, Equatable {
    public var name: String
    public var data: JSONValue

    public init(name: String, data: JSONValue) {
        self.name = name
        self.data = data
    }
}

/// What a subscription delivers: the whole state first, then each change.
public enum MHubUpdate: Sendable, Equatable {
    /// Every node, as the OHF Matter Server's `MatterNodeData`, before any change.
    case initial([JSONValue])
    case event(MHubEvent)
    /// The subscription could not start, or the connection broke.
    case failed(MHubClientError)
}
