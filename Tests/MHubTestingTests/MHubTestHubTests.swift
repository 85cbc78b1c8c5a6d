import Foundation
import MHubClient
import MHubConfiguration
import MHubTesting
import Testing

/// The helper as a Swift Testing suite uses it: a hub per test, a client, and nothing left afterwards.
@Suite struct MHubTestHubTests {
    struct Planned: Error {}

    @Test func aTestGetsItsOwnHubAndAClient() throws {
        try MHubTestHub.with { hub in
            let client = try hub.connect()
            _ = try client.call("create_room", ["name": "Kitchen"])
            let rooms = try client.call("get_rooms")
            #expect("\(rooms)".contains("Kitchen"))
            let webSocket = try hub.connectWebSocket()
            let info = try webSocket.call("server_info")
            guard case .object(let members) = info, case .object(let instance)? = members["instance"] else {
                Issue.record("server_info has no instance: \(info)")
                return
            }
            #expect(instance["pid"] == .integer(Int64(hub.ready.processID)))
            #expect(instance["state_directory"] == .string(hub.ready.stateDirectory))
            #expect(instance["token"] == nil, "the token stays in the ready file")
        }
    }

    @Test func theHubStopsAndItsStateGoesEvenWhenTheTestThrows() throws {
        var seen: MHubTestHub.Ready?
        #expect(throws: Planned.self) {
            try MHubTestHub.with { hub in
                seen = hub.ready
                throw Planned()
            }
        }
        let ready = try #require(seen)
        #expect(kill(ready.processID, 0) != 0, "mhubd \(ready.processID) still runs")
        #expect(!FileManager.default.fileExists(atPath: ready.stateDirectory))
    }

    @Test func hubsSideBySideShareNothing() throws {
        try MHubTestHub.with { first in
            try MHubTestHub.with { second in
                #expect(first.ready.stateDirectory != second.ready.stateDirectory)
                #expect(first.ready.webSocketPort != second.ready.webSocketPort)
                _ = try first.connect().call("create_room", ["name": "Only in the first"])
                #expect(!"\(try second.connect().call("get_rooms"))".contains("Only in the first"))
            }
        }
    }

    @Test func aDaemonThatCannotStartIsReportedWithItsOutput() throws {
        var options = MHubTestHub.Options()
        options.arguments = ["--port", "99999"]
        do {
            _ = try MHubTestHub.start(options)
            Issue.record("a hub started with --port 99999")
        } catch let error as MHubTestHubError {
            #expect(error.description.contains("--port"), "\(error)")
        }
    }
}
