import MHubJSON
import MHubProtocol

/// The app's side of the Google Home APIs against mhub: a connection to the hub and the app group the app shares
/// with its Matter Add Device extension; its structures carry the commissioning calls.
///
/// ```swift
/// let home = try MHubHome.connect(to: endpoint, appGroup: "group.com.example.app")
/// let structure = try await home.structures()[0]
/// try await structure.prepareForMatterCommissioning()
/// // … the extension commissions, through HomeMatterCommissioner(appGroup:) …
/// let deviceIDs = try structure.completeMatterCommissioning()
/// ```
public final class MHubHome: Sendable {
    public let connection: MHubConnection
    /// The app group the session is shared through; `nil` keeps it to this connection.
    public let appGroup: String?

    public init(connection: MHubConnection, appGroup: String?) {
        self.connection = connection
        self.appGroup = appGroup
    }

    /// Connects to the hub (within `timeout` seconds).
    public static func connect(to endpoint: MHubEndpoint = .defaultSocket, appGroup: String?, timeout: Double = 10)
        throws(MHubClientError) -> MHubHome
    {
        MHubHome(connection: try MHubConnection.connect(to: endpoint, timeout: timeout), appGroup: appGroup)
    }

    /// The hub's structures (homes).
    public func structures() async throws(MHubClientError) -> [MHubStructure] {
        try await connection.structures().map { MHubStructure(id: $0.id, name: $0.name, home: self) }
    }

    /// The structure with this display name (compared case-insensitively), if there is one.
    public func structure(named name: String) async throws(MHubClientError) -> MHubStructure? {
        try await structures().first { $0.name.lowercased() == name.lowercased() }
    }

    public func createStructure(named name: String) async throws(MHubClientError) -> MHubStructure {
        let created = try await connection.createStructure(name: name)
        return MHubStructure(id: created.id, name: created.name, home: self)
    }

    public func close() {
        connection.close()
    }
}

/// A structure (a home), with the Home APIs' commissioning calls and their semantics: `prepare` is asynchronous and
/// throws (permission, hub offline, busy, in that order); `complete` is synchronous and throws, returning the
/// commissioned device IDs; `cancel` is synchronous and never throws.
public struct MHubStructure: Sendable, Identifiable {
    public let id: Int64
    public let name: String
    public let home: MHubHome

    /// The home as the app offers it to the system UI.
    public var matterHome: MatterAddDeviceRequest.Home { MatterAddDeviceRequest.Home(displayName: name) }

    /// Opens the one commissioning session for this structure, shared with the app group's other connections.
    public func prepareForMatterCommissioning() async throws(MHubClientError) {
        _ = try await home.connection.send(
            PrepareCommissioning(scope: SessionScope(structureID: id, appGroup: home.appGroup)))
    }

    /// Adds what the session commissioned to the home for good; the device IDs, one per device (several for a
    /// bridge). Blocks until the hub has stored them.
    public func completeMatterCommissioning() throws(MHubClientError) -> [String] {
        try home.connection.send(CompleteCommissioning(appGroup: home.appGroup)).deviceIDs
    }

    /// Rolls the session back, whatever it did; errors (no session, the hub gone) are ignored, as the Home APIs do.
    public func cancelMatterCommissioning() {
        _ = try? home.connection.send(CancelCommissioning(appGroup: home.appGroup))
    }

    /// The structure's rooms.
    public func rooms() async throws(MHubClientError) -> [MHubConnection.Room] {
        try await home.connection.rooms(structureID: id)
    }

    /// The structure's devices.
    public func devices() async throws(MHubClientError) -> [MHubConnection.Device] {
        try await home.connection.devices(structureID: id)
    }
}
