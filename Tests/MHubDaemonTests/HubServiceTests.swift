import Dispatch
import Foundation
import MHubConfiguration
import MHubControlServer
import MHubDaemonRules
import MHubEventLoop
import MHubHub
import MHubJSON
import MHubProtocol
import MHubStore
import MHubTestSupport
import MatterDataModel
import Testing

@testable import MHubDaemon

/// `HubService` on its own queue, with a real store in a temporary directory (whose commits a test can make fail)
/// and recording connections: commit before reply, one commit per read, rollback, and the backlog's retry.
@Suite struct HubServiceTests {
    /// A connection that keeps what it is sent, one parsed JSON message each.
    final class RecordingConnection: ServiceConnection, @unchecked Sendable {
        // @unchecked: touched on the service's queue only, and read by the test with `queue.sync`.
        let id: UInt64
        let client: ClientInfo?
        let peer = "test"
        let token: String? = nil
        private(set) var messages: [JSONValue] = []

        init(id: UInt64, scope: Scope = .admin) {
            self.id = id
            client = ClientInfo(connectionID: id, principal: Principal("test:\(id)"), scope: scope, peer: "test")
        }

        func send(_ json: [UInt8]) { messages.append((try? JSONParser().parse(json)) ?? .null) }
        func refuse(_ refusal: ConnectionRefusal) {}
        func close(code: UInt16, reason: String) {}

        /// The replies, by message ID.
        var replies: [String: JSONValue] {
            var replies: [String: JSONValue] = [:]
            for message in messages {
                if case .string(let id)? = message["message_id"] { replies[id] = message }
            }
            return replies
        }
    }

    /// The real store, with commits that fail while `failing` is set; it counts the calls.
    final class SwitchableStore: ServiceStore, @unchecked Sendable {
        // @unchecked: used on the service's queue only, and read by the test with `queue.sync`.
        let store: HubStore
        var failing = false
        private(set) var commits: [[StoreChange]] = []
        private(set) var failedCommits = 0
        /// What the connection under test had been sent when each commit ran.
        var watched: RecordingConnection?
        private(set) var messagesSeenAtCommit: [Int] = []

        init(path: String) throws { store = try HubStore(path: path) }

        func apply(_ changes: [StoreChange]) throws {
            if failing {
                failedCommits += 1
                throw SQLiteError(code: 13, message: "database or disk is full (test)")
            }
            try store.apply(changes)
            commits.append(changes)
            messagesSeenAtCommit.append(watched?.messages.count ?? 0)
        }

        func checkpoint() throws { try store.checkpoint() }
    }

    let directory: TemporaryDirectory
    let queue = DispatchQueue(label: "hub-service-test")
    let store: SwitchableStore
    let service: HubService
    let client = RecordingConnection(id: 1)

    init() throws {
        directory = try TemporaryDirectory()
        let store = try SwitchableStore(path: directory.path("mhubd.sqlite3"))
        let settings = HubSettings(DaemonConfiguration())
        let (state, changes) = Hub.initialState(settings: settings, random: .seeded(1))
        try store.store.apply(changes)
        let hub = Hub(state: state, settings: settings, random: .seeded(2))
        self.store = store
        let queue = queue
        service = queue.sync {
            HubService(
                hub: hub, store: store, queue: queue, logger: Logger(level: .error), maximumMessageBytes: 1 << 20)
        }
        store.watched = client
        queue.sync { service.ready(client) }
    }

    func request(_ id: String, _ command: String, _ args: JSONValue = [:]) -> [UInt8] {
        JSONWriter.compactUTF8(["message_id": .string(id), "command": .string(command), "args": args])
    }

    func send(_ messages: [[UInt8]]) {
        queue.sync { service.received(messages, from: client) }
    }

    func roomNames() -> [String] {
        send([request("rooms", "get_rooms")])
        guard case .array(let rooms)? = queue.sync(execute: { client.replies["rooms"]?["result"] }) else { return [] }
        return rooms.compactMap { room -> String? in
            if case .string(let name)? = room["name"] { return name }
            return nil
        }
    }

    @Test func aChangeIsCommittedBeforeItsReplyAndAQueryCommitsNothing() {
        #expect(queue.sync { client.messages.count } == 1)  // the server info
        send([request("1", "create_room", ["name": "Hall"])])
        let (commits, seen, reply) = queue.sync { (store.commits, store.messagesSeenAtCommit, client.replies["1"]) }
        #expect(commits.count == 1)
        #expect(
            commits.first?.contains { if case .saveRoom(let room) = $0 { room.name == "Hall" } else { false } } == true)
        #expect(seen == [1], "the reply left before the commit")
        #expect(reply?["result"]?["name"] == "Hall")
        _ = roomNames()
        #expect(queue.sync { store.commits.count } == 1)
    }

    @Test func theRequestsOfOneReadShareOneCommit() {
        send([
            request("1", "create_room", ["name": "Hall"]), request("2", "create_room", ["name": "Porch"]),
            request("3", "create_room", ["name": "Attic"]),
        ])
        let (commits, replies) = queue.sync { (store.commits, client.replies) }
        #expect(commits.count == 1)
        #expect(commits.first?.filter { if case .saveRoom = $0 { true } else { false } }.count == 3)
        #expect(["1", "2", "3"].allSatisfy { replies[$0]?["result"] != nil })
    }

    @Test func aFailedCommitIsAnsweredStorageFailedAndChangesNothing() {
        queue.sync { store.failing = true }
        send([request("1", "create_room", ["name": "Hall"]), request("2", "get_rooms")])
        let replies = queue.sync { client.replies }
        #expect(replies["1"]?["error_code"] == 221)
        queue.sync { store.failing = false }
        #expect(!roomNames().contains("Hall"))
        send([request("3", "create_room", ["name": "Porch"])])
        #expect(roomNames().contains("Porch"))
    }

    /// Time's changes (a scenario's timeline step) stand while commits fail, wait in memory, and reach the disk at
    /// the retry once commits work again.
    @Test func changesNobodyAcknowledgedWaitForTheDiskAndAreRetried() throws {
        let scenario: JSONValue = [
            "mhub_scenario": 1, "name": "backlog",
            "devices": [
                ["id": "lamp", "template": "on-off-light", "name": "Lamp", "attributes": ["1/OnOff/onOff": true]]
            ],
            "timeline": [
                ["at": "50ms", "set_attribute": ["device": "lamp", "attribute_path": "1/OnOff/onOff", "value": false]]
            ],
        ]
        send([request("1", "load_scenario", ["text": .string(JSONWriter.compact(scenario))])])
        #expect(queue.sync { client.replies["1"]?["result"] } != nil)
        queue.sync { store.failing = true }
        let committedBefore = queue.sync { store.commits.count }
        #expect(waitUntil { store.failedCommits >= 1 }, "the timeline step never tried to commit")
        queue.sync { store.failing = false }
        #expect(waitUntil { store.commits.count > committedBefore }, "the held change was never retried")
        let state = try #require(try store.store.load())
        let lamp = try #require(state.nodes.values.first)
        #expect(lamp.data[AttributePath(endpoint: 1, cluster: 6, attribute: 0)] == .bool(false))
    }

    /// Waits up to 10 s for `condition`, read on the service's queue.
    func waitUntil(_ condition: () -> Bool) -> Bool {
        for _ in 0..<1000 {
            if queue.sync(execute: condition) { return true }
            usleep(10_000)
        }
        return false
    }
}
