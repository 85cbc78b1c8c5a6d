import MHubCore

/// The commissioning flow of the Google Home APIs for iOS, as calls on the hub.
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

        init(_ json: JSONValue) throws(MHubClientError) {
            guard case .string(let id)? = json["session_id"], case .string(let state)? = json["state"],
                case .integer(let structure)? = json["structure_id"], case .integer(let deadline)? = json["deadline_ms"]
            else { throw MHubClientError(kind: .protocolViolation, details: "malformed session: \(json)") }
            self.id = id
            self.state = state
            self.structureID = structure
            self.deadline = deadline
        }
    }

    public struct Room: Sendable, Equatable {
        public var id: Int64
        public var name: String
        public var structureID: Int64
    }

    /// Opens the one commissioning session, checking permission, that the hub is online, and that no
    /// other session is active, in that order.
    public func prepareForMatterCommissioning(structureID: Int64? = nil) async throws -> CommissioningSession {
        var args: [String: JSONValue] = [:]
        if let structureID { args["structure_id"] = .integer(structureID) }
        return try CommissioningSession(try await call("prepare_commissioning", args))
    }

    /// Commissions the device with this QR payload or manual code; returns its node ID.
    public func commissionMatterDevice(onboardingPayload: String) async throws -> UInt64 {
        let node = try await call("commission_with_code", ["code": .string(onboardingPayload)])
        guard case .integer(let id)? = node["node_id"] else {
            throw MHubClientError(kind: .protocolViolation, details: "commission_with_code returned no node_id")
        }
        return UInt64(id)
    }

    public func rooms(structureID: Int64? = nil) async throws -> [Room] {
        var args: [String: JSONValue] = [:]
        if let structureID { args["structure_id"] = .integer(structureID) }
        guard case .array(let list) = try await call("get_rooms", args) else {
            throw MHubClientError(kind: .protocolViolation, details: "get_rooms did not return a list")
        }
        return try list.map { entry throws(MHubClientError) in
            guard case .integer(let id)? = entry["room_id"], case .string(let name)? = entry["name"],
                case .integer(let structure)? = entry["structure_id"]
            else { throw MHubClientError(kind: .protocolViolation, details: "malformed room") }
            return Room(id: id, name: name, structureID: structure)
        }
    }

    public func configureMatterDevice(deviceName: String, roomName: String?) async throws {
        var args: [String: JSONValue] = ["name": .string(deviceName)]
        if let roomName { args["room"] = .string(roomName) }
        _ = try await call("configure_device", args)
    }

    /// Adds the session's device to the home for good; returns the commissioned devices' node IDs.
    public func completeMatterCommissioning() async throws -> [UInt64] {
        let result = try await call("complete_commissioning")
        guard case .array(let ids)? = result["node_ids"] else {
            throw MHubClientError(kind: .protocolViolation, details: "complete_commissioning returned no node_ids")
        }
        return ids.compactMap { if case .integer(let id) = $0 { UInt64(id) } else { nil } }
    }

    /// Cancels the session and rolls back everything it did.
    public func cancelMatterCommissioning() async throws {
        _ = try await call("cancel_commissioning")
    }
}
