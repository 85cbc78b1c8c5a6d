import MHubJSON
import MHubProtocol

/// The commissioning flow of the Google Home APIs for iOS, as calls on the hub (`MHubStructure` and
/// `HomeMatterCommissioner` give it the seed's own shapes).
///
/// Order: `prepareForMatterCommissioning`, `commissionMatterDevice`, `rooms`, `configureMatterDevice`,
/// `completeMatterCommissioning`; or `cancelMatterCommissioning` at any point before completion.
extension MHubConnection {
    /// A commissioning session as the hub reports it.
    public struct CommissioningSession: Sendable, Equatable {
        public var id: String
        public var state: String
        public var structureID: Int64
        /// Milliseconds since the epoch at which the hub rolls the session back.
        public var deadline: Int64
        /// The app group that shares it, if any.
        public var appGroup: String?
        /// Its owner's connection, as the hub names it.
        public var owner: String
        public var nodeID: UInt64?

        init(_ json: JSONValue) throws(MHubClientError) {
            id = try json.requiredString("session_id", in: "a session")
            state = try json.requiredString("state", in: "a session")
            structureID = try json.requiredInteger("structure_id", in: "a session")
            deadline = try json.requiredInteger("deadline_ms", in: "a session")
            appGroup = json.optionalString("app_group")
            owner = json.optionalString("owner") ?? ""
            nodeID = json.optionalInteger("node_id").map { UInt64($0) }
        }
    }

    /// What `complete_commissioning` added: the node, and one device ID per device (several for a bridge).
    public struct CommissionedDevices: Sendable, Equatable {
        public var nodeIDs: [UInt64]
        public var deviceIDs: [String]
    }

    /// Opens the one commissioning session, checking permission, that the hub is online, and that no
    /// other session is active, in that order; for `appGroup`, shared with its other connections (the extension).
    public func prepareForMatterCommissioning(structureID: Int64? = nil, appGroup: String? = nil)
        async throws(MHubClientError) -> CommissioningSession
    {
        var args: [String: JSONValue] = [:]
        if let structureID { args["structure_id"] = .integer(structureID) }
        if let appGroup { args["app_group"] = .string(appGroup) }
        return try CommissioningSession(try await call(.prepareCommissioning, args))
    }

    /// Commissions the device with this QR payload or manual code; returns its node ID.
    public func commissionMatterDevice(onboardingPayload: String, appGroup: String? = nil)
        async throws(MHubClientError) -> UInt64
    {
        var args: [String: JSONValue] = ["code": .string(onboardingPayload)]
        if let appGroup { args["app_group"] = .string(appGroup) }
        let node = try await call(.commissionWithCode, args)
        return UInt64(try node.requiredInteger("node_id", in: "commission_with_code's node"))
    }

    public func configureMatterDevice(deviceName: String, roomName: String?, appGroup: String? = nil)
        async throws(MHubClientError)
    {
        var args: [String: JSONValue] = ["name": .string(deviceName)]
        if let roomName { args["room"] = .string(roomName) }
        if let appGroup { args["app_group"] = .string(appGroup) }
        _ = try await call(.configureDevice, args)
    }

    /// Adds the session's device to the home for good; returns its node and device IDs.
    public func completeMatterCommissioning(appGroup: String? = nil) async throws(MHubClientError)
        -> CommissionedDevices
    {
        try Self.commissioned(
            try await call(.completeCommissioning, appGroup.map { ["app_group": .string($0)] } ?? [:]))
    }

    /// Cancels the session and rolls back everything it did; whether there was one to cancel.
    @discardableResult
    public func cancelMatterCommissioning(appGroup: String? = nil) async throws(MHubClientError) -> Bool {
        let result = try await call(.cancelCommissioning, appGroup.map { ["app_group": .string($0)] } ?? [:])
        return result["cancelled"] == true
    }

    /// The open session, if any.
    public func session() async throws(MHubClientError) -> CommissioningSession? {
        let result = try await call(.getSession)
        return result == .null ? nil : try CommissioningSession(result)
    }

    static func commissioned(_ result: JSONValue) throws(MHubClientError) -> CommissionedDevices {
        guard case .array(let nodes)? = result["node_ids"] else {
            throw .protocolViolation("complete_commissioning returned no node_ids")
        }
        return CommissionedDevices(
            nodeIDs: nodes.compactMap { if case .integer(let id) = $0 { UInt64(id) } else { nil } },
            deviceIDs: result.strings("device_ids"))
    }
}
