import MHubConfiguration
import MHubDNSSD
import MHubHub
import MHubProtocol
import Testing

@testable import MHubDiscovery

/// Which records the hub publishes for its state and configuration, each exactly as reference A gives it.
@Suite struct AdvertisingPlannerTests {
    @Test func aHubWithItsWindowClosedAdvertisesCommissionerOperationalAndBorderAgent() throws {
        var harness = PlannerHarness()
        let plan = harness.plan()
        #expect(plan.roles == [.commissioner, .operational(fabricIndex: 1), .borderAgent])
        #expect(plan.problems.isEmpty)

        let commissioner = try #require(plan.service(.commissioner))
        #expect(commissioner.type == "_matterd._udp")
        #expect(commissioner.instanceName == MatterInstanceName.commissionable(harness.planner.instanceIdentifier))
        #expect(
            commissioner.instanceName.count == 16 && commissioner.instanceName == commissioner.instanceName.uppercased()
        )
        #expect(commissioner.port == 5550)
        #expect(commissioner.txtText == ["VP=65521+32769", "DT=14", "DN=mhub", "T=4"])
        #expect(commissioner.subtypes == ["_V65521", "_T14"])
        #expect(commissioner.collisionPolicy == .alternativeName)

        let operational = try #require(plan.service(.operational(fabricIndex: 1)))
        #expect(operational.type == "_matter._tcp")
        #expect(operational.instanceName == "87E1B004E235A130-000000000001B669")
        #expect(operational.port == 5540)
        #expect(operational.txtText == ["T=4"])
        #expect(operational.subtypes == ["_I87E1B004E235A130"])
        #expect(operational.collisionPolicy == .keepName)
    }

    @Test func theBorderAgentCarriesOpenThreadsBinaryTXT() throws {
        var harness = PlannerHarness()
        let meshcop = try #require(harness.plan().service(.borderAgent))
        #expect(meshcop.type == "_meshcop._udp")
        #expect(meshcop.instanceName == "mhub Mock Hub #0001")
        #expect(meshcop.port == 49152)
        #expect(meshcop.subtypes.isEmpty)
        let expected: [(String, [UInt8])] = [
            ("id", Array("MHUB-BORDER-AGEN".utf8)), ("rv", Array("1".utf8)),
            // Leader, interface active, availability high, connection mode 0 (no Border Agent runs).
            ("sb", [0x00, 0x00, 0x06, 0x30]), ("tv", Array("1.4.0".utf8)),
            ("xa", [0x4D, 0x48, 0x55, 0x42, 0x00, 0x00, 0x00, 0x01]),
            ("xp", [0xDE, 0xAD, 0x00, 0xBE, 0xEF, 0x00, 0xCA, 0xFE]), ("nn", Array("mhub-demo".utf8)),
            ("pt", [0x12, 0x34, 0x56, 0x78]), ("at", [0, 0, 0, 0, 0, 1, 0, 0]),
            ("omr", [0x40, 0xFD, 0x4D, 0x48, 0x55, 0x42, 0x00, 0x00, 0x01]), ("vn", Array("mhub".utf8)),
            ("mn", Array("Mock Hub".utf8)),
        ]
        #expect(meshcop.txt.map(\.key) == expected.map(\.0))
        #expect(meshcop.txt.map(\.value) == expected.map(\.1))
    }

    /// A client's `set_thread_dataset` names the network `_meshcop._udp` describes: its name, Extended PAN ID and
    /// Active Timestamp replace the configured demo network's.
    @Test func theBorderAgentNamesTheNetworkOfTheDatasetSet() throws {
        var harness = PlannerHarness()
        var facts = AdvertisingFacts(compressedFabricID: PlannerHarness.fabric, joinedFabrics: PlannerHarness.joined)
        facts.threadNetwork = AdvertisingFacts.ThreadNetwork(
            name: "OpenThreadDemo", extendedPANID: [0x11, 0x11, 0x11, 0x11, 0x22, 0x22, 0x22, 0x22],
            activeTimestampSeconds: 7)
        let meshcop = try #require(harness.plan(facts).service(.borderAgent))
        let txt = Dictionary(uniqueKeysWithValues: meshcop.txt.map { ($0.key, $0.value) })
        #expect(txt["nn"] == Array("OpenThreadDemo".utf8))
        #expect(txt["xp"] == [0x11, 0x11, 0x11, 0x11, 0x22, 0x22, 0x22, 0x22])
        #expect(txt["at"] == [0, 0, 0, 0, 0, 7, 0, 0])
        #expect(txt["vn"] == Array("mhub".utf8), "the rest is the configuration's")
    }

    @Test func theThreadRoleAndBorderAgentShapeTheStateBitmapAndTheAttachedKeys() throws {
        var harness = PlannerHarness()
        harness.configuration.thread.role = .detached
        harness.configuration.thread.port = 49191
        harness.configuration.thread.backboneRouter = .init(sequenceNumber: 9, primary: true)
        var meshcop = try #require(harness.plan().service(.borderAgent))
        // PSKc (a Border Agent port), interface initialized, not attached: no pt, at, sq, bb.
        #expect(meshcop.txtValue("sb") == [0x00, 0x00, 0x00, 0x29])
        #expect(meshcop.txtValue("pt") == nil && meshcop.txtValue("at") == nil && meshcop.txtValue("sq") == nil)
        #expect(meshcop.port == 49191)

        harness.configuration.thread.role = .leader
        harness.configuration.thread.ephemeralKeySupported = true
        meshcop = try #require(harness.plan().service(.borderAgent))
        // Reference A.4's example: leader + active + primary BBR + ePSKc = 0x00000FB1.
        #expect(meshcop.txtValue("sb") == [0x00, 0x00, 0x0F, 0xB1])
        #expect(meshcop.txtValue("sq") == [9])
        #expect(meshcop.txtValue("bb") == [0xF0, 0xBF])

        harness.configuration.thread.role = .child
        meshcop = try #require(harness.plan().service(.borderAgent))
        #expect(meshcop.txtValue("sq") == nil && meshcop.txtValue("pt") != nil)

        harness.configuration.thread.instanceName = "Lab BR"
        harness.configuration.thread.vendorTXT = ["vz": "2", "va": "1"]
        harness.configuration.thread.domainName = "Thread"
        harness.configuration.thread.vendorOUI = [0x00, 0xD0, 0xF1]
        meshcop = try #require(harness.plan().service(.borderAgent))
        #expect(meshcop.instanceName == "Lab BR #0001")
        #expect(meshcop.txt.map(\.key).suffix(3) == ["vo", "va", "vz"])
        #expect(meshcop.txtValue("dn") == Array("Thread".utf8))
    }

    @Test func anOpenWindowAddsTheCommissionableNodeUnderAFreshNameSharedWithTheCommissioner() throws {
        var harness = PlannerHarness()
        let before = try #require(harness.plan().service(.commissioner)).instanceName
        let open = harness.plan(
            AdvertisingFacts(
                compressedFabricID: PlannerHarness.fabric, window: PlannerHarness.window(),
                joinedFabrics: PlannerHarness.joined))
        #expect(open.roles == [.commissioner, .commissionable, .operational(fabricIndex: 1), .borderAgent])
        let commissionable = try #require(open.service(.commissionable))
        let commissioner = try #require(open.service(.commissioner))
        #expect(commissionable.type == "_matterc._udp")
        #expect(commissionable.instanceName != before)
        #expect(commissionable.instanceName == commissioner.instanceName)
        #expect(commissionable.port == 5540)
        #expect(commissionable.txtText == ["VP=65521+32769", "DT=14", "DN=mhub", "T=4", "D=3840", "CM=1"])
        #expect(commissionable.subtypes == ["_V65521", "_T14", "_S15", "_L3840", "_CM"])

        // The same window planned again keeps the name; an enhanced window with its own discriminator gets
        // CM=2 and a new name.
        let again = harness.plan(
            AdvertisingFacts(
                compressedFabricID: PlannerHarness.fabric, window: PlannerHarness.window(),
                joinedFabrics: PlannerHarness.joined))
        #expect(again.service(.commissionable)?.instanceName == commissionable.instanceName)
        let enhanced = try #require(
            harness.plan(
                AdvertisingFacts(
                    compressedFabricID: PlannerHarness.fabric,
                    window: PlannerHarness.window(openedAt: 5000, enhanced: true, discriminator: 100))
            ).service(.commissionable))
        #expect(enhanced.txtText.suffix(2) == ["D=100", "CM=2"])
        #expect(enhanced.subtypes == ["_V65521", "_T14", "_S0", "_L100", "_CM"])
        #expect(enhanced.instanceName != commissionable.instanceName)

        // Closed again: the commissionable record goes, the commissioner keeps the window's name.
        let closed = harness.plan()
        #expect(closed.roles == [.commissioner, .operational(fabricIndex: 1), .borderAgent])
        #expect(closed.service(.commissioner)?.instanceName == enhanced.instanceName)
    }

    @Test func configurationSwitchesRecordsAndKeys() {
        var harness = PlannerHarness()
        harness.configuration.dnsSD.advertiseTCP = false
        harness.configuration.thread.enabled = false
        harness.configuration.hub.vendorID = 0
        harness.configuration.hub.productID = 0
        harness.configuration.hub.deviceType = 35
        harness.configuration.hub.name = "Lab hub"
        harness.ports = AdvertisingPorts(matter: 15540, udc: 15550)
        harness.interfaces = [1, 3]
        let plan = harness.plan()
        #expect(plan.roles == [.commissioner, .operational(fabricIndex: 1)])
        #expect(plan.service(.commissioner)?.txtText == ["DT=35", "DN=Lab hub"])
        #expect(plan.service(.commissioner)?.subtypes == ["_T35"])
        #expect(plan.service(.commissioner)?.port == 15550)
        #expect(plan.service(.operational(fabricIndex: 1))?.txt == [])
        #expect(plan.service(.operational(fabricIndex: 1))?.port == 15540)
        #expect(plan.entries.allSatisfy { $0.service.interfaces == [1, 3] })

        harness.configuration.dnsSD.enabled = false
        #expect(harness.plan() == AdvertisingPlan())
    }

    /// `_matter._tcp` names the fabrics the hub joined (matter-commissionee.md §7): none before a controller
    /// commissions it (the record used to name the hub's own fabric, which no controller holds), one per fabric after.
    @Test func oneOperationalRecordPerJoinedFabric() throws {
        var harness = PlannerHarness()
        #expect(
            harness.plan(AdvertisingFacts(compressedFabricID: PlannerHarness.fabric)).roles == [
                .commissioner, .borderAgent,
            ])
        let second = AdvertisingFacts.OperationalIdentity(
            fabricIndex: 2, compressedFabricID: 0x1122_3344_5566_7788, nodeID: 0xABCD)
        let plan = harness.plan(
            AdvertisingFacts(compressedFabricID: PlannerHarness.fabric, joinedFabrics: PlannerHarness.joined + [second])
        )
        #expect(
            plan.roles == [.commissioner, .operational(fabricIndex: 1), .operational(fabricIndex: 2), .borderAgent])
        let record = try #require(plan.service(.operational(fabricIndex: 2)))
        #expect(record.instanceName == "1122334455667788-000000000000ABCD")
        #expect(record.subtypes == ["_I1122334455667788"])
    }
}
