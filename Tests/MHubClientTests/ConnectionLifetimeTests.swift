import Foundation
import MHubConfiguration
import Testing

@testable import MHubClient

/// Timeouts on connect and on every call, and no socket or thread left by a connection dropped without `close()`.
@Suite(.serialized) struct ConnectionLifetimeTests {
    @Test func aHubThatNeverSpeaksTimesTheConnectOut() throws {
        let hub = try FakeHub(greeting: nil)
        let started = Date()
        #expect {
            _ = try MHubConnection.connect(to: .unix(path: hub.path), timeout: 0.3)
        } throws: { error in
            guard case .timeout = error as? MHubClientError else { return false }
            return true
        }
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(hub.peerCloses(within: 5), "the half-made connection is closed")
    }

    @Test func aCallWithoutAnAnswerTimesOutBlockingAndAsync() async throws {
        let hub = try FakeHub(greeting: FakeHub.serverInfo)
        let connection = try MHubConnection.connect(to: .unix(path: hub.path), timeout: 5, callTimeout: 0.2)
        #expect(connection.serverInfo["mhub_version"] == "test")
        #expect(throws: MHubClientError.timeout("no reply to get_status in 0.2 s")) {
            try connection.call(.getStatus)
        }
        await #expect(throws: MHubClientError.timeout("no reply to get_nodes in 0.1 s")) {
            try await connection.call(.getNodes, timeout: 0.1)
        }
        connection.close()
        #expect(throws: MHubClientError.self) { try connection.call(.getStatus) }
    }

    @Test func aConnectionDroppedWithoutCloseTakesItsSocketAndThreadAlong() throws {
        let hub = try FakeHub(greeting: FakeHub.serverInfo)
        // The reader of the suite's previous connection may still be ending: count from when the number holds still.
        var readers = ReaderThreads.count
        let settled = Date().addingTimeInterval(5)
        while Date() < settled {
            usleep(50_000)
            guard ReaderThreads.count != readers else { break }
            readers = ReaderThreads.count
        }
        do {
            let connection = try MHubConnection.connect(to: .unix(path: hub.path), timeout: 5)
            #expect(connection.failure == nil)
            let started = Date().addingTimeInterval(5)
            while ReaderThreads.count == readers && Date() < started { usleep(10_000) }
            #expect(ReaderThreads.count == readers + 1, "its reader runs")
        }
        #expect(hub.peerCloses(within: 5), "the socket is closed")
        let deadline = Date().addingTimeInterval(5)
        while ReaderThreads.count > readers && Date() < deadline { usleep(10_000) }
        #expect(ReaderThreads.count == readers, "the reader thread ended")
    }
}
