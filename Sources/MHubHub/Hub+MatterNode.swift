import MHubCore
import MatterNode

/// Inputs from the Matter port: what happened on the hub's own Matter node (docs/matter.md). One direction: the
/// port reports, the hub changes its state and says what follows (`HubOutput`), the port acts on that.
extension Hub {
    /// An administrator opened a window (AdministratorCommissioning): the hub opens it unless one is open (the
    /// node refuses a second with Busy before it asks). A basic window uses the configured passcode with a fresh
    /// salt; an enhanced one carries only the administrator's verifier.
    public mutating func administratorOpenedWindow(_ request: MatterAdministratorWindow, now: Timestamp) -> HubOutcome {
        var outcome = HubOutcome()
        guard window == nil else { return outcome }
        let closesAt = now + Timestamp(request.timeoutSeconds) * 1000
        let administrator = CommissioningWindow.Administrator(
            fabricIndex: request.fabricIndex, vendorID: request.vendorID)
        switch request.method {
        case .enhanced(let verifier, let discriminator, let iterations, let salt):
            open(
                CommissioningWindow(
                    openedAt: now, closesAt: closesAt, enhanced: true, discriminator: discriminator,
                    secret: .verifier(verifier), iterations: iterations, salt: salt, administrator: administrator),
                &outcome)
        case .basic:
            let salt = (0..<32).map { _ in UInt8.random(in: 0...255, using: &random) }
            open(
                CommissioningWindow(
                    openedAt: now, closesAt: closesAt, enhanced: false, discriminator: settings.identity.discriminator,
                    secret: .passcode(settings.identity.passcode), iterations: 1000, salt: salt,
                    administrator: administrator),
                &outcome)
        }
        return outcome
    }

    /// A controller sent CommissioningComplete: the window it came through closes (CHIP closes its window there),
    /// and with it `_matterc._udp`.
    public mutating func matterCommissioningCompleted(now: Timestamp) -> HubOutcome {
        var outcome = HubOutcome()
        if window != nil { endWindow(.commissioned, now: now, &outcome) }
        return outcome
    }

    /// An administrator revoked the window (RevokeCommissioning).
    public mutating func administratorRevokedWindow(now: Timestamp) -> HubOutcome {
        var outcome = HubOutcome()
        if window != nil { endWindow(.revoked, now: now, &outcome) }
        return outcome
    }

    /// The node's fabric table changed (or was loaded): the hub keeps the summary.
    public mutating func matterFabricsChanged(_ fabrics: [MatterFabricSummary]) -> HubOutcome {
        matter.fabrics = fabrics
        return HubOutcome()
    }

    public mutating func matterSessionOpened(_ session: MatterSessionSummary, now: Timestamp) -> HubOutcome {
        matter.sessions[session.localSessionID] = HubMatterState.Session(summary: session, openedAt: now)
        return HubOutcome()
    }

    public mutating func matterSessionClosed(localSessionID: UInt16) -> HubOutcome {
        matter.sessions[localSessionID] = nil
        return HubOutcome()
    }

    /// The node's fail-safe expired: what a commissioning added is gone; the window stays as it is.
    public mutating func matterFailSafeExpired(now: Timestamp) -> HubOutcome {
        matter.failSafeExpiredAt = now
        return HubOutcome()
    }
}
