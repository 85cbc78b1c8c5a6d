import MHubJSON
import MHubProtocol

/// An error the hub returns for a request: a stable code (`HubErrorCode`, shared with the client), a
/// human-readable text, and for some codes data a client can act on (`error_data`: who holds a busy session).
public struct HubError: Error, Hashable, Sendable, CustomStringConvertible {
    public typealias Code = HubErrorCode

    public var code: Code
    public var details: String
    /// Sent as the reply's `error_data` (docs/protocol.md §3).
    public var data: JSONValue?

    public init(_ code: Code, _ details: String, data: JSONValue? = nil) {
        self.code = code
        self.details = details
        self.data = data
    }

    public var description: String { "\(code.name) (\(code.rawValue)): \(details)" }

    /// The same error for a client of the OHF Matter Server, which knows only codes 0–9: mhub's own
    /// codes become the nearest OHF code, with mhub's name kept at the start of `details`.
    ///
    /// python-matter-server's client looks codes up in a table and fails on any it does not know, so
    /// OHF commands never answer with mhub's codes (docs/protocol.md §3).
    func ohfCompatible(command: HubCommand) -> HubError {
        guard !code.isOHF else { return self }
        let commissioning = command == .commissionWithCode || command == .commissionOnNetwork
        let mapped: Code =
            commissioning ? .nodeCommissionFailed : code == .deviceUnreachable ? .nodeNotReady : .unknownError
        return HubError(mapped, "\(code.name) (\(code.rawValue)): \(details)")
    }
}
