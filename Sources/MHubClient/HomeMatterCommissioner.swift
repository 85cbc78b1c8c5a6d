import Foundation
import MHubJSON
import MHubProtocol
import Synchronization

/// The extension's side of the Google Home APIs against mhub: it joins the app group its app named and works on the
/// app's session, with the seed's calls and their semantics — `commissionMatterDevice` and `configureMatterDevice`
/// are asynchronous and throw, `fetchRooms` is synchronous and throws.
///
/// `init` connects and joins the group: it throws when the hub cannot be reached (`.connection`) or the group may
/// not be used (`.permissionDenied`), as the seed's throws without its shared state.
public final class HomeMatterCommissioner: Sendable {
    public let appGroup: String
    public let connection: MHubConnection

    public init(appGroup: String, hub endpoint: MHubEndpoint = .defaultSocket, timeout: Double = 10)
        throws(MHubClientError)
    {
        self.appGroup = appGroup
        connection = try MHubConnection.connect(to: endpoint, timeout: timeout)
        _ = try connection.send(JoinAppGroup(appGroup: appGroup))
    }

    /// Commissions the device with this onboarding payload (QR or manual code) into the app's session; returns when
    /// the device is on the fabric (the app then completes or cancels).
    public func commissionMatterDevice(
        onboardingPayload: String, home: MatterAddDeviceRequest.Home? = nil, commissioningID: UUID? = nil
    ) async throws(MHubClientError) {
        _ = try await connection.send(
            CommissionWithCode(
                code: onboardingPayload, scope: SessionScope(home: home?.displayName, appGroup: appGroup),
                commissioningID: commissioningID?.uuidString))
    }

    /// The rooms of the session's structure.
    public func fetchRooms() throws(MHubClientError) -> [MatterAddDeviceRequest.Room] {
        try connection.send(GetRooms(appGroup: appGroup)).map { MatterAddDeviceRequest.Room(displayName: $0.name) }
    }

    /// Names the commissioned device and puts it in a room (by name).
    public func configureMatterDevice(deviceName: String, roomName: String?) async throws(MHubClientError) {
        _ = try await connection.send(ConfigureDevice(name: deviceName, room: roomName, appGroup: appGroup))
    }

    public func close() {
        connection.close()
    }
}

/// What Apple's system UI asks of an app's Matter Add Device extension (`MatterAddDeviceExtensionRequestHandler`),
/// answered as the Google Home APIs' sample extension does: `commissionDevice` throws, `rooms(in:)` returns `[]` on
/// any error, `configureDevice` never throws.
///
/// The sample makes a `HomeMatterCommissioner` per call, its state living in the app group's shared container; here
/// the membership of the group is the connection, so the handler keeps one commissioner for its lifetime (made at
/// the first call, again after a failure), and the session stays attended between the calls.
open class MatterAddDeviceExtensionHandler: @unchecked Sendable {
    // @unchecked: the stored properties are constants or behind the mutex.
    public let appGroup: String
    public let hub: MHubEndpoint
    private let commissioner = Mutex<HomeMatterCommissioner?>(nil)

    public init(appGroup: String, hub: MHubEndpoint = .defaultSocket) {
        self.appGroup = appGroup
        self.hub = hub
    }

    /// The handler's commissioner, connecting it if need be.
    public func connectedCommissioner() throws(MHubClientError) -> HomeMatterCommissioner {
        if let current = commissioner.withLock({ $0 }), current.connection.failure == nil { return current }
        let made = try HomeMatterCommissioner(appGroup: appGroup, hub: hub)
        commissioner.withLock { $0 = made }
        return made
    }

    open func commissionDevice(
        in home: MatterAddDeviceRequest.Home?, onboardingPayload: String, commissioningID: UUID
    ) async throws {
        try await connectedCommissioner().commissionMatterDevice(
            onboardingPayload: onboardingPayload, home: home, commissioningID: commissioningID)
    }

    open func rooms(in home: MatterAddDeviceRequest.Home?) async -> [MatterAddDeviceRequest.Room] {
        (try? connectedCommissioner().fetchRooms()) ?? []
    }

    open func configureDevice(named name: String, in room: MatterAddDeviceRequest.Room?) async {
        try? await connectedCommissioner().configureMatterDevice(deviceName: name, roomName: room?.displayName)
    }

    /// Leaves the app group (closes the connection).
    public func close() {
        commissioner.withLock { $0 }?.close()
    }
}
