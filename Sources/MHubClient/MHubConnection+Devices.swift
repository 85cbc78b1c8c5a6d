import MHubJSON
import MHubProtocol

/// Reading, writing and commanding devices, as the OHF Matter Server's commands do it, by path or by cluster and
/// attribute name; and notifications for one attribute (docs/protocol.md §5, §8).
extension MHubConnection {
    /// Reads attributes by path (`"endpoint/cluster/attribute"`, `*` allowed); returns `{path: value}`.
    public func readAttributes(nodeID: UInt64, paths: [String]) async throws(MHubClientError) -> [String: JSONValue] {
        let result = try await send(ReadAttribute(nodeID: nodeID, attributePaths: paths, asList: true))
        guard case .object(let values) = result else {
            throw .protocolViolation("read_attribute did not return an object")
        }
        return values
    }

    /// Reads one attribute by cluster and attribute name, e.g. `cluster: "OnOff", attribute: "onOff"`.
    public func readAttribute(nodeID: UInt64, endpoint: UInt16, cluster: String, attribute: String)
        async throws(MHubClientError) -> JSONValue
    {
        let address = try AttributeAddress(endpoint: endpoint, cluster: cluster, attribute: attribute)
        return try await readAttributes(nodeID: nodeID, paths: [address.description])[address.description] ?? .null
    }

    /// Writes one attribute; returns once the device has applied it, or throws its Matter status
    /// (`.deviceStatus`).
    public func writeAttribute(nodeID: UInt64, path: String, value: JSONValue) async throws(MHubClientError) {
        _ = try await send(WriteAttribute(nodeID: nodeID, attributePath: path, value: value))
    }

    /// Writes one attribute by cluster and attribute name.
    public func writeAttribute(
        nodeID: UInt64, endpoint: UInt16, cluster: String, attribute: String, value: JSONValue
    ) async throws(MHubClientError) {
        let address = try AttributeAddress(endpoint: endpoint, cluster: cluster, attribute: attribute)
        try await writeAttribute(nodeID: nodeID, path: address.description, value: value)
    }

    /// Invokes a cluster command by name (e.g. `"MoveToLevel"`), fields by name; returns its response.
    public func sendCommand(
        nodeID: UInt64, endpoint: UInt16, cluster: UInt32, command: String, payload: [String: JSONValue] = [:]
    ) async throws(MHubClientError) -> JSONValue {
        try await send(
            DeviceCommand(
                nodeID: nodeID, endpointID: endpoint, clusterID: cluster, commandName: command,
                payload: .object(payload)))
    }

    /// Invokes a command of a cluster named by its name (`"OnOff"`, `"LevelControl"`).
    @discardableResult
    public func sendCommand(
        nodeID: UInt64, endpoint: UInt16, cluster: String, command: String, payload: [String: JSONValue] = [:]
    ) async throws(MHubClientError) -> JSONValue {
        try await sendCommand(
            nodeID: nodeID, endpoint: endpoint, cluster: try AttributeAddress.clusterID(cluster), command: command,
            payload: payload)
    }

    /// Changes an attribute as if someone acted on the device itself (`set_attribute`).
    public func setAttributePhysically(nodeID: UInt64, path: String, value: JSONValue) async throws(MHubClientError) {
        _ = try await send(SetAttribute(nodeID: nodeID, attributePath: path, value: value))
    }

    /// Presses a momentary switch's button as a person would (`press_button`): `presses` short presses, or one held
    /// for `holdMilliseconds` (1001…60000, default 1500) with `long`; `endpoint` nil is the node's first momentary
    /// Switch. The Switch events follow as `node_event`s, MultiPressComplete and a long press's release on the hub's
    /// clock; returns the press as the hub made it (its endpoint, when it is let go).
    @discardableResult
    public func pressButton(
        nodeID: UInt64, endpoint: UInt16? = nil, presses: Int = 1, long: Bool = false, holdMilliseconds: Int? = nil
    ) async throws(MHubClientError) -> ButtonPressed {
        try await send(
            PressButton(
                nodeID: nodeID,
                press: ButtonPress(
                    endpointID: endpoint, presses: Int64(presses), long: long,
                    holdMilliseconds: holdMilliseconds.map(Int64.init))))
    }

    /// Asks for (or stops) `attribute_updated` events of one attribute, listening or not, as
    /// `HMCharacteristic.enableNotification(_:)` does; the events arrive in `events()`.
    public func enableNotification(
        _ enabled: Bool, nodeID: UInt64, endpoint: UInt16, cluster: String, attribute: String
    ) async throws(MHubClientError) {
        let address = try AttributeAddress(endpoint: endpoint, cluster: cluster, attribute: attribute)
        _ = try await send(EnableNotification(nodeID: nodeID, attributePath: address.description, enabled: enabled))
    }
}
