import MHubJSON
import MHubProtocol

/// The commissioning flow of the Google Home APIs for iOS, as calls on the hub (`MHubStructure` and
/// `HomeMatterCommissioner` give it the seed's own shapes).
///
/// Order: `prepareForMatterCommissioning`, `commissionMatterDevice`, `rooms`, `configureMatterDevice`,
/// `completeMatterCommissioning`; or `cancelMatterCommissioning` at any point before completion.
extension MHubConnection {
    /// A commissioning session as the hub reports it.
    public typealias CommissioningSession = SessionInfo

    /// What `complete_commissioning` added: the node, and one device ID per device (several for a bridge).
    public typealias CommissionedDevices = CommissioningCompleted

    /// Opens the one commissioning session, checking permission, that the hub is online, and that no
    /// other session is active, in that order; for `appGroup`, shared with its other connections (the extension).
    public func prepareForMatterCommissioning(structureID: Int64? = nil, appGroup: String? = nil)
        async throws(MHubClientError) -> CommissioningSession
    {
        try await send(PrepareCommissioning(scope: SessionScope(structureID: structureID, appGroup: appGroup)))
    }

    /// Commissions the device with this QR payload or manual code; returns its node ID.
    public func commissionMatterDevice(onboardingPayload: String, appGroup: String? = nil)
        async throws(MHubClientError) -> UInt64
    {
        try await send(CommissionWithCode(code: onboardingPayload, scope: SessionScope(appGroup: appGroup))).nodeID
    }

    public func configureMatterDevice(deviceName: String, roomName: String?, appGroup: String? = nil)
        async throws(MHubClientError)
    {
        _ = try await send(ConfigureDevice(name: deviceName, room: roomName, appGroup: appGroup))
    }

    /// Adds the session's device to the home for good; returns its node and device IDs.
    public func completeMatterCommissioning(appGroup: String? = nil) async throws(MHubClientError)
        -> CommissionedDevices
    {
        try await send(CompleteCommissioning(appGroup: appGroup))
    }

    /// Cancels the session and rolls back everything it did; whether there was one to cancel.
    @discardableResult
    public func cancelMatterCommissioning(appGroup: String? = nil) async throws(MHubClientError) -> Bool {
        try await send(CancelCommissioning(appGroup: appGroup)).cancelled
    }

    /// The open session, if any.
    public func session() async throws(MHubClientError) -> CommissioningSession? {
        try await send(GetSession())
    }
}
