import MHubControlServer
import MHubDaemonRules
import MHubHub
import MHubStore

/// What `HubService` needs of a control connection: who it is, and a way to answer it and to close it.
/// `ControlConnection` is one; unit tests use a recorder.
protocol ServiceConnection: AnyObject {
    var id: UInt64 { get }
    /// Who it is, once admitted (nil before).
    var client: ClientInfo? { get }
    var peer: String { get }
    /// The token a WebSocket client presented, if any.
    var token: String? { get }
    func send(_ json: [UInt8])
    func refuse(_ refusal: ConnectionRefusal)
    func close(code: UInt16, reason: String)
}

/// What `HubService` needs of the durable store: commit a list of changes in one transaction (or throw and keep
/// none), and bring the database file up to date at stop. `HubStore` is one; unit tests wrap one to make commits
/// fail on demand.
protocol ServiceStore: AnyObject {
    func apply(_ changes: [StoreChange]) throws
    func checkpoint() throws
}

extension ControlConnection: ServiceConnection {}
extension HubStore: ServiceStore {}
