import MHubJSON
import MHubProtocol
import MatterDataModel
import MatterNode
import MatterOnboarding

/// The hub's own commissioning window: while it is open, the hub is commissionable itself (another
/// ecosystem can add it, multi-admin), advertises `_matterc._udp`, and accepts PASE on its Matter port.
public struct CommissioningWindow: Hashable, Sendable {
    /// What PASE is checked against: a passcode the hub knows, or only the SPAKE2+ verifier (w0 ‖ L, 97 bytes) an
    /// administrator sent with OpenCommissioningWindow, whose passcode only that administrator knows.
    public enum Secret: Hashable, Sendable {
        case passcode(UInt32)
        case verifier([UInt8])
    }

    /// The Matter administrator that opened the window with AdministratorCommissioning, by its fabric.
    public typealias Administrator = MatterCommissionee.Administrator

    public var openedAt: Timestamp
    public var closesAt: Timestamp
    /// Enhanced (`CM=2`): a fresh random passcode, or an administrator's verifier, for this window; basic
    /// (`CM=1`): the configured passcode.
    public var enhanced: Bool
    public var discriminator: UInt16
    public var secret: Secret
    /// PBKDF2 parameters the window's PASE verifier uses (Matter Core Specification 5.6.3).
    public var iterations: UInt32
    public var salt: [UInt8]
    /// Who opened it over Matter; nil for a window opened on the control socket.
    public var administrator: Administrator?

    public init(
        openedAt: Timestamp, closesAt: Timestamp, enhanced: Bool, discriminator: UInt16, secret: Secret,
        iterations: UInt32, salt: [UInt8], administrator: Administrator? = nil
    ) {
        self.openedAt = openedAt
        self.closesAt = closesAt
        self.enhanced = enhanced
        self.discriminator = discriminator
        self.secret = secret
        self.iterations = iterations
        self.salt = salt
        self.administrator = administrator
    }

    /// The window's passcode, when the hub knows it.
    public var passcode: UInt32? {
        if case .passcode(let passcode) = secret { passcode } else { nil }
    }

    /// The `CM` TXT value: 1 basic, 2 enhanced.
    public var commissioningMode: Int { enhanced ? 2 : 1 }
}

/// How the hub's last commissioning window closed, as `get_commissioning_window` shows it while none is open.
public struct CommissioningWindowClosure: Hashable, Sendable {
    public enum Reason: String, Hashable, Sendable {
        /// Its timeout passed.
        case timeout
        /// `close_commissioning_window`.
        case closed
        /// The Matter port counted its limit of failed PASE attempts in it (CHIP `kMaxFailedCommissioningAttempts`).
        case failedAttempts = "failed_attempts"
        /// A controller commissioned the hub through it (CommissioningComplete; CHIP closes its window then).
        case commissioned
        /// A Matter administrator revoked it (AdministratorCommissioning RevokeCommissioning).
        case revoked
    }

    public var reason: Reason
    public var at: Timestamp
}

extension Hub {
    /// Longest window the spec allows (15 minutes, Matter Core Specification 11.19.8.1).
    static let maximumWindowSeconds: Int64 = 900

    /// `open_commissioning_window {timeout?, enhanced?, discriminator?, iteration?}` for the hub itself.
    ///
    /// OHF's form with `node_id` opens a window on a device on the network (`openDeviceWindow`); a device that is not
    /// gets a clear error. The command's scope is `commission`, so that an OHF client (Home Assistant's "share
    /// device") gets this for a device; the hub's own window needs `admin`.
    mutating func openWindow(
        _ request: OpenCommissioningWindow, client: ClientInfo, now: Timestamp, _ outcome: inout HubOutcome
    ) throws(HubError) -> CommissioningWindowInfo {
        if let nodeID = request.nodeID {
            guard case .integer(let number) = nodeID, number > 0 else {
                throw HubError(.invalidArguments, "node_id must be a node's ID").ohfCompatible(
                    command: .openCommissioningWindow)
            }
            return try openDeviceWindow(request, node: NodeID(number), now: now, &outcome)
        }
        guard client.scope >= .admin else {
            throw HubError(
                .unauthorized,
                "open_commissioning_window for the hub needs the admin scope; \(client.principal) has "
                    + client.scope.name)
        }
        let (timeout, enhanced) = (request.timeout ?? 300, request.enhanced ?? false)
        let (discriminator, iterations) = (request.discriminator, request.iteration ?? 1000)
        guard (1...Self.maximumWindowSeconds).contains(timeout) else {
            throw HubError(.invalidArguments, "timeout must be 1 to \(Self.maximumWindowSeconds) seconds")
        }
        guard (1000...100_000).contains(iterations) else {
            throw HubError(.invalidArguments, "iteration must be 1000 to 100000")
        }
        if let discriminator, discriminator > Discriminator.maximum {
            throw HubError(.invalidArguments, "discriminator must be 0 to 4095")
        }
        let identity = settings.identity
        let passcode = enhanced ? SetupPasscode.random(using: &random) : identity.passcode
        let salt = (0..<32).map { _ in UInt8.random(in: 0...255, using: &random) }
        open(
            CommissioningWindow(
                openedAt: now, closesAt: now + timeout * 1000, enhanced: enhanced,
                discriminator: discriminator ?? identity.discriminator, secret: .passcode(passcode),
                iterations: iterations, salt: salt),
            &outcome)
        return windowInfo(revealingSecrets: true)
    }

    mutating func closeWindow(_ request: CloseCommissioningWindow, now: Timestamp, _ outcome: inout HubOutcome)
        -> CommissioningWindowClosed
    {
        let wasOpen = desk.window != nil
        if wasOpen {
            endWindow(.closed, now: now, &outcome)
        }
        return CommissioningWindowClosed(closed: wasOpen)
    }

    /// The Matter port counted its limit of failed PASE attempts (20) in the open window:
    /// it closes, as CHIP's `CommissioningWindowManager::HandleFailedAttempt` closes its window at that count.
    public mutating func commissioningAttemptsExhausted(now: Timestamp) -> HubOutcome {
        var outcome = HubOutcome()
        if desk.window != nil {
            endWindow(.failedAttempts, now: now, &outcome)
        }
        return outcome
    }

    /// Closes the window when its time is up.
    mutating func advanceWindow(now: Timestamp, _ outcome: inout HubOutcome) {
        guard let current = desk.window, now >= current.closesAt else { return }
        endWindow(.timeout, now: now, &outcome)
    }

    /// Opens `window` (in place of any other): listeners hear of it, the Matter port serves it.
    mutating func open(_ window: CommissioningWindow, _ outcome: inout HubOutcome) {
        desk.windowOpened(window)
        outcome.events.append(HubEvent(.commissioningWindowUpdated, windowInfo(revealingSecrets: false)))
        outcome.outputs.append(.windowChanged(window))
    }

    mutating func endWindow(_ reason: CommissioningWindowClosure.Reason, now: Timestamp, _ outcome: inout HubOutcome) {
        desk.windowClosed(reason, now: now)
        outcome.events.append(HubEvent(.commissioningWindowUpdated, windowInfo(revealingSecrets: false)))
        outcome.outputs.append(.windowChanged(nil))
    }

    /// The window as the protocol shows it: the OHF result fields, plus its state. Its passcode and the codes
    /// that carry it only when `revealingSecrets` (for the admin scope, which may open windows); events and
    /// other scopes see the rest. A window a Matter administrator opened says so (`opened_by`); one with its
    /// verifier has no passcode the hub could show, so no codes at all. A closed window says how and when the
    /// last one closed (nothing before the first).
    public func windowInfo(revealingSecrets: Bool) -> CommissioningWindowInfo {
        guard let window = desk.window else {
            guard let windowClosure = desk.windowClosure else { return CommissioningWindowInfo(open: false) }
            return CommissioningWindowInfo(
                open: false, closeReason: windowClosure.reason.rawValue, closedAt: isoTimestamp(windowClosure.at))
        }
        var info = CommissioningWindowInfo(
            open: true, commissioningMode: Int64(window.commissioningMode), closesAt: isoTimestamp(window.closesAt),
            discriminator: window.discriminator,
            openedBy: window.administrator.map {
                CommissioningWindowInfo.Administrator(fabricIndex: Int64($0.fabricIndex), vendorID: Int64($0.vendorID))
            })
        guard revealingSecrets, let passcode = window.passcode else { return info }
        let payload = SetupPayload(
            vendorID: settings.identity.vendorID, productID: settings.identity.productID,
            discoveryCapabilities: .onNetwork, discriminator: window.discriminator, passcode: passcode)
        info.setup = CommissioningWindowInfo.Setup(
            pinCode: passcode, manualCode: (try? ManualPairingCode(payload).digits()) ?? "",
            qrCode: (try? payload.qrCodeString()) ?? "")
        return info
    }
}
