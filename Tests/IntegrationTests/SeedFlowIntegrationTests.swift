import DNSSDPeerSupport
import Foundation
import MHubClient
import MHubJSON
import Testing

/// The Google Home APIs' flow as apps run it, against the real mhubd: the app and its Matter Add Device extension
/// are separate processes sharing one session through an app group (docs/protocol.md §7, "App groups").
@Suite struct SeedFlowIntegrationTests {
    static let group = "group.com.example.app"

    /// A hub with a Kitchen and a bridge of three lights (simulated device 3), and a long disconnect grace unless
    /// told otherwise.
    static func hub(graceMilliseconds: Int64 = 10_000, configuration: [String: JSONValue] = [:]) throws -> (
        DaemonHarness, MHubConnection, bridgeQR: String
    ) {
        var extra = configuration
        extra["commissioning"] = ["disconnect_grace_ms": .integer(graceMilliseconds)]
        let daemon = try DaemonHarness(configuration: extra)
        try daemon.start()
        let admin = try daemon.connect(.unix)
        _ = try admin.call(.createRoom, ["name": "Kitchen"])
        let bridge = try admin.call(
            .addSimulatedDevice,
            ["template": "bridge", "bridged_devices": 3, "discriminator": 900, "passcode": 24_681_357])
        guard case .string(let qr)? = bridge["qr_code"] else { throw TestFailure("no QR code for the bridge") }
        return (daemon, admin, qr)
    }

    static func extensionArguments(_ daemon: DaemonHarness, payload: String, group: String = group) -> [String] {
        [
            "--socket", daemon.socketPath, "--app-group", group, "--payload", payload, "--name", "Hall", "--room",
            "Kitchen",
        ]
    }

    @Test func theAppAndItsExtensionCommissionABridgeAndTheAppGetsItsDeviceIDs() throws {
        let (daemon, admin, bridgeQR) = try Self.hub()
        let run = try runProcess(
            Executables.exampleApp,
            [
                "--socket", daemon.socketPath, "--app-group", Self.group, "--name", "Hall lights", "--room", "Kitchen",
                bridgeQR,
            ], timeout: 60)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(
            run.output == "prepared for Home\ncommissioned\nrooms: Kitchen\nconfigured Hall lights in Kitchen\n"
                + "commissioned device IDs: 1:2 1:3 1:4\n")
        let device = try admin.call(.getDevices).firstElement
        #expect(device?["name"] == "Hall lights")
        #expect(device?["room"] == "Kitchen")
        #expect(device?["device_ids"] == ["1:2", "1:3", "1:4"])
        #expect(daemon.stop() == 0)
    }

    @Test func theAppCancelsAndNothingStays() throws {
        let (daemon, admin, _) = try Self.hub()
        let run = try runProcess(
            Executables.exampleApp,
            ["--socket", daemon.socketPath, "--app-group", Self.group, "--cancel", DaemonHarness.lampQR],
            timeout: 60)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.hasSuffix("configured New device in Kitchen\ncancelled\n"))
        #expect(try admin.call(.getNodes) == [])
        #expect(try admin.call(.getSimulatedDevices).firstElement?["commissionable"] == true)
        #expect(try admin.call(.getSession) == .null)
        #expect(daemon.stop() == 0)
    }

    @Test func theAppLeavesItsExtensionWorksAndTheAppCompletesOnReturn() async throws {
        // A grace longer than a loaded CI machine takes between the extension's exit and the app's return (one run
        // took 162 s for this test, its awaits queued behind blocking tests on the two cooperative threads, and the
        // 10 s grace rolled the session back before the app came back).
        let (daemon, admin, bridgeQR) = try Self.hub(graceMilliseconds: 300_000)
        do {
            let app = try MHubHome.connect(to: daemon.endpoint(.unix), appGroup: Self.group)
            let structure = try #require(try await app.structure(named: "Home"))
            try await structure.prepareForMatterCommissioning()
            app.close()
        }
        #expect(try waitUntil { try admin.call(.getSession)["owner_disconnected_at"] != .null })
        let extensionRun = try runProcess(
            Executables.exampleExtension, Self.extensionArguments(daemon, payload: bridgeQR), timeout: 60)
        #expect(extensionRun.status == 0, "\(extensionRun.errors)")
        #expect(try await admin.call(.getSession)["state"] == "commissioned", "the session waits for its app")
        // The app comes back (a new connection of the same group) and completes what its extension commissioned.
        let returned = try MHubHome.connect(to: daemon.endpoint(.webSocket), appGroup: Self.group)
        let structure = try #require(try await returned.structure(named: "Home"))
        #expect(try structure.completeMatterCommissioning() == ["1:2", "1:3", "1:4"])
        #expect(try await admin.call(.getDevices).firstElement?["name"] == "Hall")
        #expect(daemon.stop() == 0)
    }

    @Test func aSessionNoOneOfItsGroupAttendsIsRolledBackAfterTheGrace() async throws {
        let (daemon, admin, _) = try Self.hub(graceMilliseconds: 300)
        let app = try MHubHome.connect(to: daemon.endpoint(.unix), appGroup: Self.group)
        let extensionSide = try HomeMatterCommissioner(appGroup: Self.group, hub: daemon.endpoint(.unix))
        let structure = try #require(try await app.structures().first)
        try await structure.prepareForMatterCommissioning()
        app.close()
        // The extension attends the session past the grace…
        usleep(600_000)
        #expect(try await admin.call(.getSession)["state"] == "prepared")
        try await extensionSide.commissionMatterDevice(onboardingPayload: DaemonHarness.lampQR)
        #expect(try extensionSide.fetchRooms() == [MatterAddDeviceRequest.Room(displayName: "Kitchen")])
        // …and once it leaves too, nothing of the session stays.
        extensionSide.close()
        #expect(try waitUntil { try admin.call(.getSession) == .null })
        #expect(try await admin.call(.getNodes) == [])
        #expect(daemon.stop() == 0)
    }

    @Test func theExtensionDyingMidStepLeavesTheDeviceToTheAppsDecision() async throws {
        let (daemon, admin, _) = try Self.hub()
        _ = try await admin.call(.setTimingProfile, ["profile": "realistic"])
        let app = try MHubHome.connect(to: daemon.endpoint(.unix), appGroup: Self.group)
        let changes = app.connection.events()
        let structure = try #require(try await app.structures().first)
        try await structure.prepareForMatterCommissioning()
        let extensionProcess = Process()
        extensionProcess.executableURL = Executables.exampleExtension
        extensionProcess.arguments = Self.extensionArguments(daemon, payload: DaemonHarness.lampQR)
        extensionProcess.standardOutput = FileHandle.nullDevice
        extensionProcess.standardError = FileHandle.nullDevice
        try extensionProcess.runSerialized()
        // The app hears its session's progress without listening; the extension dies in the first step, discovery.
        // (Killed at the PASE step, a test process starved by the whole suite on 2 cores heard of it after the
        // extension had finished: discovery leaves the 7.5 s of the realistic steps for the kill to land.)
        var steps: [String] = []
        for await event in changes {
            if event.name == "commissioning_progress", case .string(let step)? = event.data["step"] {
                steps.append(step)
                if step == "discovery" && event.data["status"] == "started" {
                    kill(extensionProcess.processIdentifier, SIGKILL)
                }
            }
            if event.name == "session_updated", event.data["change"] == "commissioned" { break }
        }
        extensionProcess.waitUntilExit()
        #expect(extensionProcess.terminationReason == .uncaughtSignal)
        #expect(steps.last == "commissioned")
        #expect(try structure.completeMatterCommissioning() == ["1:1"])
        #expect(try await admin.call(.getDevices).firstElement?["name"] == "Lamp", "never configured: its own name")
        #expect(daemon.stop() == 0)
    }

    @Test func aSecondAppGroupIsBusyAndToldWhoHoldsTheSession() async throws {
        let (daemon, _, bridgeQR) = try Self.hub()
        let app = try MHubHome.connect(to: daemon.endpoint(.webSocket), appGroup: Self.group)
        try await #require(try await app.structures().first).prepareForMatterCommissioning()
        let other = try runProcess(
            Executables.exampleApp,
            ["--socket", daemon.socketPath, "--app-group", "group.com.example.other", bridgeQR],
            timeout: 60)
        #expect(other.status == 4)
        #expect(other.errors.hasPrefix("mhub-example-app: prepare failed: busy, held by ws 127.0.0.1:"))
        #expect(other.errors.contains(" until 20"))
        let otherExtension = try runProcess(
            Executables.exampleExtension,
            Self.extensionArguments(daemon, payload: bridgeQR, group: "group.com.example.other"), timeout: 60)
        #expect(otherExtension.status == 1)
        #expect(otherExtension.errors.contains("SessionBusy"))
        #expect(daemon.stop() == 0)
    }

    @Test func aProcessNamingAGroupItMayNotUseIsRefused() throws {
        let (daemon, admin, _) = try Self.hub(
            configuration: ["control": ["app_groups": [["name": .string(Self.group), "principals": ["uid:4242424"]]]]])
        // A tokenless local WebSocket client (principal `loopback`, the commission scope); the admin scope may name
        // any group.
        let run = try runProcess(
            Executables.exampleApp,
            ["--url", "ws://127.0.0.1:\(daemon.port)/ws", "--app-group", Self.group, DaemonHarness.lampQR], timeout: 60)
        #expect(run.status == 2)
        #expect(run.errors.contains("permission denied: loopback may not use app group \(Self.group)"))
        #expect(try admin.call(.getSession) == .null)
        #expect(daemon.stop() == 0)
    }

    /// The seed's three prepare failures, each its own case of the client's error enum.
    @Test func eachPrepareFailureIsACaseOfTheClientsError() async throws {
        let (daemon, admin, _) = try Self.hub()
        let app = try MHubHome.connect(to: daemon.endpoint(.webSocket, token: nil), appGroup: Self.group)
        let structure = try #require(try await app.structures().first)
        let holder = try daemon.connect(.unix)
        _ = try await holder.call(.prepareCommissioning)
        _ = try await admin.call(.setFault, ["fault": "hub_offline"])
        _ = try await admin.call(.setPermission, ["principal": "local-admin", "granted": false])
        var seen: [String] = []
        for _ in 0..<3 {
            do {
                try await structure.prepareForMatterCommissioning()
                seen.append("prepared")
            } catch {
                switch error {
                case .permissionDenied:
                    seen.append("permission")
                    _ = try await admin.call(.setPermission, ["principal": "local-admin", "granted": true])
                case .hubOffline:
                    seen.append("offline")
                    _ = try await admin.call(.setFault, ["fault": "hub_offline", "enabled": false])
                case .sessionBusy(let who):
                    seen.append("busy \(who.holder.hasPrefix("unix uid")) \(who.deadlineMilliseconds > 0)")
                case .noSession, .sessionNotOwned, .deviceStatus, .hub, .unknownHubError, .connection, .timeout,
                    .protocolViolation, .invalidArgument:
                    seen.append("\(error)")
                }
            }
        }
        #expect(seen == ["permission", "offline", "busy true true"])
        #expect(daemon.stop() == 0)
    }
}
