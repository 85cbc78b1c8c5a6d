import MHubConfiguration
import MHubProtocol
import MatterNode

/// Everything that happens to the hub, as a value: what the daemon's parts report, in the order they report it.
///
/// `Hub.handle(_:now:)` takes each; the daemon's `HubService` runs them one at a time, commits and delivers their
/// outcomes, and only then hands the outcomes' outputs to the other parts, so a part that reports while acting on an
/// output queues its input behind the one being handled. Each is logged at debug level (`description`), and a list
/// of them replayed on a hub from the same start gives the same hub: an input journal (`InputJournal`) writes each as
/// a line, and `InputReplay` runs them again.
public enum HubInput: Equatable, Sendable {
    /// A control client's request. (`HubService` runs the requests of one read together, with one rollback for a
    /// commit that fails: `Hub.handle(_:from:now:rollback:)`.)
    case request(HubRequest, from: ClientInfo)
    /// A control connection closed.
    case clientDisconnected(connectionID: UInt64)
    /// Time passed: the hub's next deadline (or an earlier one) came.
    case tick
    /// The daemon stops.
    case shutdown

    /// Where the hub is on the network, found at start.
    case networkKnown(HubNetwork)
    /// This run as clients find it, once every listener is up.
    case instanceKnown(HubInstance)
    /// The Matter node's attestation identity, loaded or made at start.
    case attestationKnown(HubAttestation)
    /// What the DNS-SD advertiser achieved.
    case advertisingChanged(AdvertisingReport)
    /// An IdentificationDeclaration arrived on the UDC port.
    case udcRequestReceived(UDCRequest)

    /// The Matter node's reports (`MatterNodeAction`), one case each.
    case matter(MatterReport)
    /// A simulated device's own Matter node reports (a device on the network).
    case deviceNode(SimulatedDeviceID, DeviceNodeReport)
    /// The HomeKit port's reports (docs/homekit.md).
    case homeKit(HomeKitReport)
}

/// What the hub's Matter node reports to the hub (docs/matter.md).
public enum MatterReport: Equatable, Sendable {
    /// A commissionee's PASE attempts are used up: the window closes.
    case commissioningAttemptsExhausted
    case sessionOpened(MatterSessionSummary)
    case sessionEnded(localSessionID: UInt16, reason: String)
    case fabricsChanged([MatterFabricSummary])
    /// CommissioningComplete on a fabric.
    case commissioningCompleted
    /// An administrator opened a window (OpenCommissioningWindow / OpenBasicCommissioningWindow).
    case administratorOpenedWindow(MatterAdministratorWindow)
    case administratorRevokedWindow
    case failSafeExpired
    /// The node finished (or refused) a fabric removal the control socket asked for (`HubOutput.removeFabric`).
    case fabricRemovalDone(requestID: UInt64, succeeded: Bool)
    /// A controller's command or write to a bridged device; answered with `HubOutput.bridgedAnswer`.
    case bridgedRequest(BridgedRequest)
}

extension Hub {
    /// Handles one input at `now`.
    public mutating func handle(_ input: HubInput, now: Timestamp) -> HubOutcome {
        switch input {
        case .request(let request, let client): handle(request, from: client, now: now)
        case .clientDisconnected(let connectionID): clientDisconnected(connectionID, now: now)
        case .tick: tick(now: now)
        case .shutdown: shutdown(now: now)
        case .networkKnown(let network): networkKnown(network)
        case .instanceKnown(let instance): instanceKnown(instance)
        case .attestationKnown(let attestation): attestationKnown(attestation)
        case .advertisingChanged(let report): advertisingChanged(report)
        case .udcRequestReceived(let request): udcRequestReceived(request, now: now)
        case .matter(let report): handle(report, now: now)
        case .deviceNode(let id, let report): deviceNodeReported(report, device: id, now: now)
        case .homeKit(let report): homeKitReported(report, now: now)
        }
    }

    private mutating func handle(_ report: MatterReport, now: Timestamp) -> HubOutcome {
        switch report {
        case .commissioningAttemptsExhausted: commissioningAttemptsExhausted(now: now)
        case .sessionOpened(let summary): matterSessionOpened(summary, now: now)
        case .sessionEnded(let localSessionID, let reason):
            matterSessionClosed(localSessionID: localSessionID, reason: reason)
        case .fabricsChanged(let summaries): matterFabricsChanged(summaries)
        case .commissioningCompleted: matterCommissioningCompleted(now: now)
        case .administratorOpenedWindow(let window): administratorOpenedWindow(window, now: now)
        case .administratorRevokedWindow: administratorRevokedWindow(now: now)
        case .failSafeExpired: matterFailSafeExpired(now: now)
        case .fabricRemovalDone(let requestID, let succeeded):
            matterFabricRemovalDone(requestID: requestID, succeeded: succeeded, now: now)
        case .bridgedRequest(let request): bridgedRequest(request, from: .hub, now: now)
        }
    }
}
