import MHubConfiguration
import MHubDNSSD
import MHubHub
import Testing

@testable import MHubDiscovery

/// The records of a simulated device on the network, its own Matter node on its own UDP port (docs/dns-sd.md,
/// "Devices on the network"): `_matterc._udp` while its window is open, `_matter._tcp` per fabric it joined.
@Suite struct NetworkDeviceAdvertisingTests {
    /// What the hub publishes of itself with no device: a commissioner and a border agent (no window, no fabric).
    static let hubRoles: [AdvertisingRole] = [.commissioner, .borderAgent]

    @Test func aDeviceOnNoFabricIsCommissionableOnItsOwnPort() throws {
        var hub = NetworkDeviceHub()
        let hubOnly = hub.plan()
        let id = hub.addLight(discriminator: 2222, onNetwork: true)
        #expect(hub.plan() == hubOnly, "nothing before its node listens")

        hub.report(id, .matter(.fabricsChanged([])))
        hub.report(id, .listening(port: 5541))
        let plan = hub.plan()
        #expect(plan.roles == Self.hubRoles + [.deviceCommissionable(id)])
        let record = try #require(plan.service(.deviceCommissionable(id)))
        #expect(record.type == "_matterc._udp")
        #expect(record.port == 5541)
        #expect(record.instanceName.count == 16 && record.instanceName == record.instanceName.uppercased())
        #expect(record.instanceName != plan.service(.commissioner)?.instanceName)
        // T=4 as the hub's (its port takes TCP too); the spec-default MRP intervals: no SII, SAI, SAT (reference A.1).
        #expect(record.txtText == ["VP=65521+32769", "DT=256", "DN=Porch", "T=4", "D=2222", "CM=1"])
        #expect(record.subtypes == ["_V65521", "_T256", "_S8", "_L2222", "_CM"])
        #expect(record.collisionPolicy == .alternativeName)
        // The hub's own records are those it has without the device.
        #expect(Array(plan.entries.prefix(hubOnly.entries.count)) == hubOnly.entries)
    }

    @Test func aCommittedFabricBringsItsOperationalRecordAndClosesItsWindow() throws {
        var hub = NetworkDeviceHub()
        let id = hub.addLight(discriminator: 2222, onNetwork: true)
        hub.report(id, .listening(port: 5541))
        var fresh = NetworkDeviceHub()
        let hubOnly = fresh.plan()
        hub.joinFabric(id, committed: true)
        let plan = hub.plan()
        #expect(plan.roles == Self.hubRoles + [.deviceOperational(id, fabricIndex: 1)])
        let record = try #require(plan.service(.deviceOperational(id, fabricIndex: 1)))
        #expect(record.type == "_matter._tcp")
        #expect(record.instanceName == "1122334455667788-000000000000ABCD")
        #expect(record.port == 5541)
        #expect(record.txtText == ["T=4"])
        #expect(record.subtypes == ["_I1122334455667788"])
        #expect(record.collisionPolicy == .keepName)
        #expect(Array(plan.entries.prefix(hubOnly.entries.count)) == hubOnly.entries)
    }

    /// From AddNOC on, under the fail-safe, the controller finds the device over `_matter._tcp` for CASE before
    /// CommissioningComplete, while its window stays open (matter-commissionee.md §7); a rollback takes the record
    /// back, and the window keeps its name.
    @Test func aFabricUnderTheFailSafeIsAdvertisedBesideTheOpenWindow() throws {
        var hub = NetworkDeviceHub()
        let id = hub.addLight(discriminator: 2222, onNetwork: true)
        hub.report(id, .listening(port: 5541))
        let name = try #require(hub.plan().service(.deviceCommissionable(id))).instanceName

        hub.joinFabric(id, committed: false)
        #expect(
            hub.plan().roles == Self.hubRoles + [.deviceCommissionable(id), .deviceOperational(id, fabricIndex: 1)])
        hub.report(id, .matter(.fabricsChanged([])))
        let rolledBack = hub.plan()
        #expect(rolledBack.roles == Self.hubRoles + [.deviceCommissionable(id)])
        #expect(rolledBack.service(.deviceCommissionable(id))?.instanceName == name)

        // Committed, then removed from its last fabric: commissionable again under the same name.
        hub.joinFabric(id, committed: true)
        #expect(hub.plan().entries(.deviceCommissionable(id)).isEmpty)
        hub.report(id, .matter(.fabricsChanged([])))
        #expect(hub.plan().service(.deviceCommissionable(id))?.instanceName == name)
    }

    @Test func anUnreachableDeviceIsNotAdvertised() {
        var hub = NetworkDeviceHub()
        let hubOnly = hub.plan()
        let waiting = hub.addLight(discriminator: 2222, onNetwork: true)
        hub.report(waiting, .listening(port: 5541))
        let joined = hub.addLight(discriminator: 3333, onNetwork: true)
        hub.report(joined, .listening(port: 5542))
        hub.joinFabric(joined, committed: true)
        for id in [waiting, joined] {
            hub.request("set_fault", ["fault": "device_unreachable", "simulated_device_id": .integer(id)])
        }
        #expect(hub.hub.faults.unreachableDevices == [waiting, joined])
        #expect(hub.facts.networkDevices.isEmpty)
        #expect(hub.plan() == hubOnly)
    }

    @Test func aDeviceNotOnTheNetworkIsNotAdvertised() {
        var hub = NetworkDeviceHub()
        let hubOnly = hub.plan()
        _ = hub.addLight(discriminator: 2222, onNetwork: false)
        #expect(hub.facts.networkDevices.isEmpty)
        #expect(hub.plan() == hubOnly)
    }

    @Test func aDeviceNameIsCutToThe32BytesDNHolds() {
        var harness = PlannerHarness()
        let device = AdvertisingFacts.NetworkDevice(
            id: 4, port: 5544,
            commissionable: AdvertisingFacts.CommissionableDevice(
                name: String(repeating: "é", count: 20), vendorID: 0, productID: 7, discriminator: 100, deviceType: nil)
        )
        let record = harness.plan(AdvertisingFacts(compressedFabricID: PlannerHarness.fabric, networkDevices: [device]))
            .service(.deviceCommissionable(4))
        #expect(record?.txtValue("DN") == Array(String(repeating: "é", count: 16).utf8))
        // No vendor: no VP, no _V; no device type: no DT, no _T.
        #expect(record?.txtText.filter { !$0.hasPrefix("DN=") } == ["T=4", "D=100", "CM=1"])
        #expect(record?.subtypes == ["_S0", "_L100", "_CM"])
    }

    /// Two records of one name would be one Avahi entry group's collision with itself: the second is a problem.
    @Test func aDeviceRecordNamedLikeOneAlreadyPlannedIsAProblem() {
        var harness = PlannerHarness()
        let device = AdvertisingFacts.NetworkDevice(id: 4, port: 5544, fabrics: PlannerHarness.joined)
        let plan = harness.plan(
            AdvertisingFacts(
                compressedFabricID: PlannerHarness.fabric, joinedFabrics: PlannerHarness.joined,
                networkDevices: [device]))
        #expect(plan.roles == [.commissioner, .operational(fabricIndex: 1), .borderAgent])
        #expect(
            plan.problems == [
                "device_operational: 87E1B004E235A130-000000000001B669._matter._tcp is operational's already; "
                    + "not advertised"
            ])
    }
}
