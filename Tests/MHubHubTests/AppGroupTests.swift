import MHubConfiguration
import MHubJSON
import MHubProtocol
import Testing

@testable import MHubHub

/// One commissioning session shared by an app and its extension through an app group (docs/protocol.md §7).
@Suite struct AppGroupTests {
    static let group = "group.com.example.app"
    static let app = ClientInfo(connectionID: 10, principal: Principal("uid:501"), scope: .commission, peer: "app")
    static let appAgain = ClientInfo(
        connectionID: 12, principal: Principal("uid:501"), scope: .commission, peer: "app again")
    static let ext = ClientInfo(connectionID: 11, principal: Principal("uid:501"), scope: .commission, peer: "ext")
    static let other = ClientInfo(connectionID: 20, principal: Principal("uid:777"), scope: .commission, peer: "other")

    static func prepared() -> HubHarness {
        var harness = HubHarness()
        _ = harness.ok("create_room", ["name": "Kitchen"])
        _ = harness.ok("prepare_commissioning", ["app_group": .string(group)], as: app)
        return harness
    }

    @Test func theAppPreparesTheExtensionCommissionsAndConfiguresTheAppCompletes() {
        var harness = Self.prepared()
        let joined = harness.ok("join_app_group", ["app_group": .string(Self.group)], as: Self.ext)
        #expect(joined["session"]?["app_group"] == .string(Self.group))
        #expect(joined["session"]?["app_group_members"] == 1)
        #expect(joined["rooms"]?.firstElement?["name"] == "Kitchen")
        #expect(joined["fabric"]?["fabric_id"] == harness.hub.run.serverInfo["fabric_id"])

        let commissioning = harness.send("commission_with_code", ["code": .string(HubHarness.lampQR)], as: Self.ext)
        #expect(commissioning.result(for: Self.ext.connectionID)?["node_id"] == 1, "the extension gets the node")
        for event in commissioning.events {
            let recipients = harness.hub.recipients(of: event)
            #expect(recipients.contains(Self.app.connectionID) && recipients.contains(Self.ext.connectionID))
        }
        #expect(harness.ok("get_rooms", ["app_group": .string(Self.group)], as: Self.ext).arrayCount == 1)
        let configured = harness.ok("configure_device", ["name": "Reading lamp", "room": "Kitchen"], as: Self.ext)
        #expect(configured["device_name"] == "Reading lamp")
        // Only the app completes while it is connected.
        #expect(harness.error("complete_commissioning", as: Self.ext)?.code == .sessionNotOwned)
        #expect(harness.error("cancel_commissioning", as: Self.ext)?.code == .sessionNotOwned)
        let completed = harness.ok("complete_commissioning", as: Self.app)
        #expect(completed["device_ids"] == ["1:1"])
        #expect(harness.hub.state.nodes[1]?.name == "Reading lamp")
        #expect(harness.hub.state.nodes[1]?.roomID == 1)
    }

    @Test func theSessionOutlivesTheAppWhileItsExtensionIsConnectedAndTheAppCompletesOnReturn() {
        var harness = Self.prepared()
        _ = harness.ok("join_app_group", ["app_group": .string(Self.group)], as: Self.ext)
        let left = harness.disconnect(Self.app)
        #expect(left.events.first?.data["change"] == "owner_disconnected")
        #expect(harness.hub.desk.session?.unattendedSince == nil, "the extension attends it")
        #expect(harness.advance(by: 60_000).events.isEmpty, "no grace runs out while the extension is there")
        harness.send("commission_with_code", ["code": .string(HubHarness.lampQR)], as: Self.ext)
        _ = harness.ok("configure_device", ["name": "Lamp"], as: Self.ext)
        // The app, connected again, completes what its extension commissioned: it adopts the session.
        let outcome = harness.send("complete_commissioning", ["app_group": .string(Self.group)], as: Self.appAgain)
        #expect(outcome.events.map(\.name) == ["session_updated", "node_added", "session_updated"])
        #expect(outcome.events.compactMap { $0.data["change"] } == ["resumed", "completed"])
        #expect(outcome.result(for: Self.appAgain.connectionID)?["device_ids"] == ["1:1"])
    }

    @Test func aSessionNobodyOfItsGroupAttendsRollsBackAfterTheGrace() {
        var harness = Self.prepared()
        _ = harness.ok("join_app_group", ["app_group": .string(Self.group)], as: Self.ext)
        _ = harness.disconnect(Self.app)
        harness.send("commission_with_code", ["code": .string(HubHarness.lampQR)], as: Self.ext)
        _ = harness.disconnect(Self.ext)
        #expect(harness.hub.desk.session?.unattendedSince == harness.now)
        let grace = harness.hub.settings.disconnectGrace
        #expect(harness.hub.nextDeadline == harness.now + grace)
        let expired = harness.advance(by: grace)
        #expect(expired.events.last?.data["change"] == "owner_disconnected")
        #expect(harness.hub.desk.session == nil)
        #expect(harness.hub.state.nodes.isEmpty, "nothing of it stays")
    }

    @Test func theExtensionDyingMidStepLeavesTheRunGoingAndTheAppDecides() {
        var harness = Self.prepared()
        _ = harness.ok("set_timing_profile", ["profile": "realistic"])
        let started = harness.send(
            "commission_with_code", ["code": .string(HubHarness.lampQR), "app_group": .string(Self.group)],
            as: Self.ext)
        #expect(started.progress == ["discovery:started"])
        _ = harness.disconnect(Self.ext)
        #expect(harness.hub.desk.session?.unattendedSince == nil, "the app is still there")
        var progress: [String] = []
        for _ in 0..<20 where harness.hub.desk.session?.stateName != "commissioned" {
            progress += harness.advance(by: 1000).progress
        }
        #expect(progress.last == "commissioned:completed")
        #expect(harness.ok("complete_commissioning", as: Self.app)["device_ids"] == ["1:1"])
    }

    @Test func aSecondAppGroupIsBusyAndToldWhoHoldsTheSession() {
        var harness = Self.prepared()
        let busy = harness.error("prepare_commissioning", ["app_group": "group.com.example.other"], as: Self.other)
        #expect(busy?.code == .sessionBusy)
        #expect(busy?.data?["holder"] == "app")
        #expect(busy?.data?["app_group"] == .string(Self.group))
        #expect(busy?.data?["deadline_ms"] == .integer(harness.now + 300_000))
        #expect(busy?.details.contains("(app group group.com.example.app)") == true)
        // Its extension, naming its own group, is busy as well; naming nothing, too.
        let code: JSONValue = .string(HubHarness.lampQR)
        #expect(
            harness.error(
                "commission_with_code", ["code": code, "app_group": "group.com.example.other"], as: Self.other)?
                .code == .sessionBusy)
        #expect(harness.error("configure_device", ["name": "x"], as: Self.other)?.code == .sessionNotOwned)
        #expect(
            harness.error(
                "resume_commissioning", ["session_id": .string(harness.hub.desk.session!.id)], as: Self.other)?
                .code == .sessionNotOwned)
    }

    @Test func theConfiguredRulesDecideWhoMayNameWhichGroup() {
        var harness = HubHarness {
            $0.control.appGroups = [
                AppGroupRule(name: "group.com.example.app", principals: ["uid:501"]),
                AppGroupRule(name: "group.com.example.open", principals: ["*"]),
            ]
        }
        #expect(
            harness.error("prepare_commissioning", ["app_group": .string(Self.group)], as: Self.other)?.code
                == .permissionDenied)
        #expect(
            harness.error("join_app_group", ["app_group": "group.com.example.nobody"], as: Self.app)?.code
                == .permissionDenied)
        #expect(
            harness.error("join_app_group", ["app_group": "com.example.app"], as: Self.app)?.code == .invalidArguments)
        #expect(harness.hub.desk.session == nil, "a refused prepare opens nothing")
        _ = harness.ok("join_app_group", ["app_group": "group.com.example.open"], as: Self.other)
        _ = harness.ok("join_app_group", ["app_group": "group.com.example.nobody"], as: HubHarness.admin)
        _ = harness.ok("prepare_commissioning", ["app_group": .string(Self.group)], as: Self.app)
        // A principal that may not use the group cannot work on its session either.
        #expect(
            harness.error(
                "commission_with_code", ["code": .string(HubHarness.lampQR), "app_group": .string(Self.group)],
                as: Self.other)?.code == .permissionDenied)
    }

    @Test func rulesFromAReloadApplyToTheNextCall() {
        var harness = HubHarness()
        _ = harness.ok("join_app_group", ["app_group": .string(Self.group)], as: Self.other)
        var configuration = DaemonConfiguration()
        configuration.control.appGroups = [AppGroupRule(name: Self.group, principals: ["uid:501"])]
        harness.hub.settingsReloaded(from: HubSettings(DaemonConfiguration()), to: HubSettings(configuration))
        #expect(
            harness.error("join_app_group", ["app_group": .string(Self.group)], as: Self.other)?.code
                == .permissionDenied)
        _ = harness.ok("join_app_group", ["app_group": .string(Self.group)], as: Self.app)
    }

    @Test func aMemberNeedsPermissionOnTheSessionsStructure() {
        var harness = Self.prepared()
        let stranger = ClientInfo(connectionID: 21, principal: Principal("uid:503"), scope: .commission, peer: "x")
        _ = harness.ok("set_permission", ["principal": "uid:503", "granted": false])
        let args: JSONValue = ["code": .string(HubHarness.lampQR), "app_group": .string(Self.group)]
        #expect(harness.error("commission_with_code", args, as: stranger)?.code == .permissionDenied)
        #expect(
            harness.error("configure_device", ["app_group": .string(Self.group)], as: stranger)?.code
                == .permissionDenied)
        #expect(harness.hub.desk.session?.stateName == "prepared")
    }

    @Test func permissionOnTheStructureComesFirstThenTheHubThenBusy() {
        var harness = Self.prepared()
        _ = harness.ok("set_fault", ["fault": "hub_offline"])
        _ = harness.ok("set_permission", ["principal": "uid:777", "granted": false])
        let args: JSONValue = ["app_group": "group.com.example.other"]
        #expect(harness.error("prepare_commissioning", args, as: Self.other)?.code == .permissionDenied)
        _ = harness.ok("set_permission", ["principal": "uid:777", "granted": true])
        #expect(harness.error("prepare_commissioning", args, as: Self.other)?.code == .hubOffline)
        _ = harness.ok("set_fault", ["fault": "hub_offline", "enabled": false])
        #expect(harness.error("prepare_commissioning", args, as: Self.other)?.code == .sessionBusy)
    }

    @Test func aHomeIsNamedByItsDisplayName() {
        var harness = HubHarness()
        _ = harness.ok("create_structure", ["name": "Cabin"])
        #expect(harness.error("prepare_commissioning", ["home": "Castle"], as: Self.app)?.code == .structureNotFound)
        let session = harness.ok(
            "prepare_commissioning", ["home": "cabin", "app_group": .string(Self.group)], as: Self.app)
        #expect(session["structure_id"] == 2)
        let code: JSONValue = .string(HubHarness.lampQR)
        #expect(
            harness.error(
                "commission_with_code", ["code": code, "home": "Home", "app_group": .string(Self.group)], as: Self.ext)?
                .code == .sessionState)
        #expect(
            harness.send(
                "commission_with_code", ["code": code, "home": "Cabin", "app_group": .string(Self.group)], as: Self.ext
            )
            .result(for: Self.ext.connectionID)?["node_id"] == 1)
    }

    @Test func anAppGroupWithoutASessionHasNothingToCommissionOrOffer() {
        var harness = HubHarness()
        let code: JSONValue = .string(HubHarness.lampQR)
        #expect(
            harness.error("commission_with_code", ["code": code, "app_group": .string(Self.group)], as: Self.ext)?.code
                == .noSession)
        #expect(harness.error("get_rooms", ["app_group": .string(Self.group)], as: Self.ext)?.code == .noSession)
        #expect(harness.ok("join_app_group", ["app_group": .string(Self.group)], as: Self.ext)["session"] == .null)
    }

    @Test func anOHFListenerHearsTheNodeButNotTheSession() {
        var harness = Self.prepared()
        let ohf = ClientInfo(connectionID: 30, principal: Principal("ha"), scope: .commission, peer: "ha")
        _ = harness.ok("start_listening", as: ohf)
        let commissioning = harness.send(
            "commission_with_code", ["code": .string(HubHarness.lampQR), "app_group": .string(Self.group)],
            as: Self.ext)
        for event in commissioning.events {
            #expect(!harness.hub.recipients(of: event).contains(ohf.connectionID), "\(event.name)")
        }
        let completed = harness.send("complete_commissioning", as: Self.app)
        let added = completed.events.filter { harness.hub.recipients(of: $0).contains(ohf.connectionID) }
        #expect(added.map(\.name) == ["node_added"])
    }
}
