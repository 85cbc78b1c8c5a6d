import MHubProtocol
import MatterNode

/// The HomeKit face (docs/homekit.md): its port serves the home as the Matter bridge shows it (`bridgeView`), runs a
/// controller's writes through the same device logic as the bridge's (`bridgedRequest`), and reports what it is.
extension Hub {
    /// A report of the port: new facts are kept and, when they differ from the last (a pairing added or removed,
    /// `c#` moved, the accessories counted again), heard by listeners as `homekit_updated`, so a client such as the
    /// dashboard follows pairings, which no other event carries.
    mutating func homeKitReported(_ report: HomeKitReport, now: Timestamp) -> HubOutcome {
        switch report {
        case .serving(let facts):
            guard run.homeKit != facts else { return HubOutcome() }
            run.homeKit = facts
            var outcome = HubOutcome()
            // Without the setup code and URI, as `commissioning_window_updated` goes without the passcode: every
            // listener hears it, and an administrator asks `get_homekit` for them.
            outcome.events.append(HubEvent(.homeKitUpdated, homeKitStatus(revealingSecrets: false)))
            return outcome
        case .request(let request):
            return bridgedRequest(request, from: .homeKit, now: now)
        }
    }

    /// `get_homekit`: the setup code and the codes that carry it only for an administrator, as the commissioning
    /// window's passcode.
    func homeKitStatus(revealingSecrets: Bool) -> HomeKitStatus {
        guard settings.homeKitEnabled else { return HomeKitStatus(enabled: false) }
        guard let facts = run.homeKit else { return HomeKitStatus(enabled: true) }
        return HomeKitStatus(
            enabled: true, port: Int64(facts.port), deviceID: facts.deviceID,
            setupCode: revealingSecrets ? facts.setupCode : "", setupID: facts.setupID,
            setupURI: revealingSecrets ? facts.setupURI : "", paired: facts.paired,
            configurationNumber: Int64(facts.configurationNumber), accessories: Int64(facts.accessories),
            omittedDevices: Int64(facts.omittedDevices),
            pairings: facts.pairings.map { HomeKitPairingInfo(identifier: $0.identifier, admin: $0.admin) })
    }
}
