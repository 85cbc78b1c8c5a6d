import MHubCore

/// Reading, writing and commanding devices, as the OHF Matter Server's commands do it.
extension MHubConnection {
    /// Reads attributes by path (`"endpoint/cluster/attribute"`, `*` allowed); returns `{path: value}`.
    public func readAttributes(nodeID: UInt64, paths: [String]) async throws -> [String: JSONValue] {
        let result = try await call(
            "read_attribute",
            ["node_id": .integer(Int64(nodeID)), "attribute_path": .array(paths.map { .string($0) })])
        guard case .object(let values) = result else {
            throw MHubClientError(kind: .protocolViolation, details: "read_attribute did not return an object")
        }
        return values
    }

    /// Writes one attribute; returns once the device has applied it, or throws its Matter status.
    public func writeAttribute(nodeID: UInt64, path: String, value: JSONValue) async throws {
        _ = try await call(
            "write_attribute", ["node_id": .integer(Int64(nodeID)), "attribute_path": .string(path), "value": value])
    }

    /// Invokes a cluster command by name (e.g. `"MoveToLevel"`), fields by name; returns its response.
    public func sendCommand(
        nodeID: UInt64, endpoint: UInt16, cluster: UInt32, command: String, payload: [String: JSONValue] = [:]
    ) async throws -> JSONValue {
        try await call(
            "device_command",
            [
                "node_id": .integer(Int64(nodeID)), "endpoint_id": .integer(Int64(endpoint)),
                "cluster_id": .integer(Int64(cluster)), "command_name": .string(command), "payload": .object(payload),
            ])
    }

    /// Changes an attribute as if someone acted on the device itself (`set_attribute`).
    public func setAttributePhysically(nodeID: UInt64, path: String, value: JSONValue) async throws {
        _ = try await call(
            "set_attribute", ["node_id": .integer(Int64(nodeID)), "attribute_path": .string(path), "value": value])
    }
}
