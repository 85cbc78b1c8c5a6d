import MHubJSON
import MHubProtocol

/// Why a call to `mhubd` failed: an enum a test can switch over.
///
/// The hub's refusals that an app handles on purpose have their own cases (those of `prepareForMatterCommissioning`
/// first: permission, the hub offline, a busy session with who holds it); every other refusal is `.hub` with the
/// protocol's code. `init(_:)` switches over every `HubErrorCode`, so a new code is a compile error here.
public enum MHubClientError: Error, Hashable, Sendable, CustomStringConvertible {
    /// PermissionDenied (200): no permission on the structure or the app group.
    case permissionDenied(String)
    /// HubOffline (201): the hub is offline or unreachable (the `hub_offline` fault).
    case hubOffline(String)
    /// SessionBusy (202): another commissioning session is active.
    case sessionBusy(SessionHolder)
    /// NoSession (203).
    case noSession(String)
    /// SessionNotOwned (204): the session is another connection's (or another app group's).
    case sessionNotOwned(String)
    /// A Matter status from the device (SDKStackError, 7): `details` starts with it, e.g. `FAILURE (0x1)`.
    case deviceStatus(String)
    /// Any other error the hub answered with.
    case hub(HubErrorCode, String)
    /// An error code this version does not know (a newer hub): its number and name.
    case unknownHubError(code: Int, name: String, details: String)
    /// The hub could not be reached, or the connection broke.
    case connection(String)
    /// No answer in time.
    case timeout(String)
    /// The hub's answer did not follow the protocol.
    case protocolViolation(String)
    /// The call was refused before it was sent: a cluster, attribute or command name this library does not know.
    case invalidArgument(String)

    /// The typed error for a hub's error reply.
    public init(_ reply: ErrorReply) {
        guard let code = reply.known else {
            self = .unknownHubError(code: reply.code, name: reply.name, details: reply.details)
            return
        }
        switch code {
        case .permissionDenied: self = .permissionDenied(reply.details)
        case .hubOffline: self = .hubOffline(reply.details)
        case .sessionBusy: self = .sessionBusy(SessionHolder(reply))
        case .noSession: self = .noSession(reply.details)
        case .sessionNotOwned: self = .sessionNotOwned(reply.details)
        case .sdkStackError: self = .deviceStatus(reply.details)
        case .unknownError, .nodeCommissionFailed, .nodeInterviewFailed, .nodeNotReady, .nodeNotResolving,
            .nodeNotExists, .versionMismatch, .invalidArguments, .invalidCommand, .invalidOnboardingPayload,
            .deviceNotFound, .paseFailed, .stepFailed, .stepTimeout, .sessionCancelled, .sessionExpired,
            .sessionState, .structureNotFound, .roomNotFound, .roomExists, .unknownTemplate,
            .simulatedDeviceNotFound, .unauthorized, .messageTooLarge, .invalidJSON, .storageFailed,
            .deviceUnreachable, .shuttingDown, .tooManyConnections, .quotaExceeded, .fabricNotFound,
            .structureNotEmpty, .clockNotVirtual, .invalidScenario, .updateCheckError, .updateError,
            .nodeWindowUnsupported:
            self = .hub(code, reply.details)
        }
    }

    /// The broad kind, for code that only tells the hub's refusals from the rest.
    public enum Kind: Sendable, Equatable {
        case hub
        case connection
        case protocolViolation
        case timeout
        case invalidArgument
    }

    public var kind: Kind {
        switch self {
        case .permissionDenied, .hubOffline, .sessionBusy, .noSession, .sessionNotOwned, .deviceStatus, .hub,
            .unknownHubError:
            .hub
        case .connection: .connection
        case .timeout: .timeout
        case .protocolViolation: .protocolViolation
        case .invalidArgument: .invalidArgument
        }
    }

    /// The hub's error code (docs/protocol.md §3), for the hub's refusals.
    public var code: Int? {
        switch self {
        case .permissionDenied: HubErrorCode.permissionDenied.rawValue
        case .hubOffline: HubErrorCode.hubOffline.rawValue
        case .sessionBusy: HubErrorCode.sessionBusy.rawValue
        case .noSession: HubErrorCode.noSession.rawValue
        case .sessionNotOwned: HubErrorCode.sessionNotOwned.rawValue
        case .deviceStatus: HubErrorCode.sdkStackError.rawValue
        case .hub(let code, _): code.rawValue
        case .unknownHubError(let code, _, _): code
        case .connection, .timeout, .protocolViolation, .invalidArgument: nil
        }
    }

    /// The hub's error name, for the hub's refusals.
    public var name: String? {
        switch self {
        case .unknownHubError(_, let name, _): name
        default: code.flatMap { HubErrorCode(rawValue: $0)?.name }
        }
    }

    public var details: String {
        switch self {
        case .permissionDenied(let text), .hubOffline(let text), .noSession(let text), .sessionNotOwned(let text),
            .deviceStatus(let text), .hub(_, let text), .connection(let text), .timeout(let text),
            .protocolViolation(let text), .invalidArgument(let text):
            text
        case .sessionBusy(let holder): holder.details
        case .unknownHubError(_, _, let text): text
        }
    }

    public var description: String {
        switch kind {
        case .hub: "\(name ?? "error") (\(code ?? 0)): \(details)"
        case .connection: "connection: \(details)"
        case .protocolViolation: "protocol: \(details)"
        case .timeout: "timeout: \(details)"
        case .invalidArgument: "invalid argument: \(details)"
        }
    }
}

/// Who holds the commissioning session that made a `prepare` busy, and until when (the reply's `error_data`).
public struct SessionHolder: Hashable, Sendable {
    public var sessionID: String
    /// The holder's connection as the hub names it, e.g. `unix uid 501 #3`.
    public var holder: String
    public var appGroup: String?
    /// The fail-safe deadline, ISO 8601, and in milliseconds since the epoch.
    public var deadline: String
    public var deadlineMilliseconds: Int64
    /// The hub's text.
    public var details: String

    init(_ reply: ErrorReply) {
        let data =
            (try? SessionBusyData(json: reply.data ?? .null))
            ?? SessionBusyData(sessionID: "", holder: "", appGroup: nil, deadline: "", deadlineMilliseconds: 0)
        sessionID = data.sessionID
        holder = data.holder
        appGroup = data.appGroup
        deadline = data.deadline
        deadlineMilliseconds = data.deadlineMilliseconds
        details = reply.details
    }
}

/// An event the hub pushed: its name and data.
public struct MHubEvent: Sendable, Equatable {
    public var name: String
    public var data: JSONValue
    /// The event `name` names, or `nil` for one this version does not know (from a newer hub).
    public var kind: HubEventName? { HubEventName.named(name) }

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
