import Testing

@testable import MatterSpecification

/// The generated tables hold Matter 1.4 as the specification writes it: spot checks of facts any reader of the
/// specification can verify, and the tables' own consistency (unique IDs and names, revisions, bits).
@Suite struct MatterSpecificationTablesTests {
    @Test func holdEveryClusterAndDeviceTypeOnce() {
        #expect(MatterSpecification.clusters.count == 124)
        #expect(MatterSpecification.deviceTypes.count == 72)
        let clusterIDs = MatterSpecification.clusters.compactMap(\.id)
        #expect(Set(clusterIDs).count == clusterIDs.count)
        #expect(Set(MatterSpecification.clusters.map(\.name)).count == MatterSpecification.clusters.count)
        let deviceTypeIDs = MatterSpecification.deviceTypes.compactMap(\.id)
        #expect(Set(deviceTypeIDs).count == deviceTypeIDs.count)
        #expect(Set(MatterSpecification.deviceTypes.map(\.name)).count == MatterSpecification.deviceTypes.count)
    }

    @Test func everyClusterHasARevisionOrABase() {
        let without = MatterSpecification.clusters.filter { $0.revision == nil && $0.base == nil }.map(\.name)
        #expect(without.isEmpty, "no revision and no base: \(without)")
        for base in Set(MatterSpecification.clusters.compactMap(\.base)) {
            #expect(MatterSpecification.cluster(named: base) != nil, "the base \(base) is not a cluster")
        }
    }

    @Test func elementsAreUniqueWithinEachCluster() {
        for cluster in MatterSpecification.clusters {
            // An attribute may be listed twice under conformances that exclude each other (Level Control's
            // MinLevel, `[LT]` with the range 1 to 254 and `[!LT]` with at most 254), never under two names.
            for (id, variants) in Dictionary(grouping: cluster.attributes, by: \.id) {
                #expect(Set(variants.map(\.name)).count == 1, "\(cluster.name): attribute \(id) has two names")
                #expect(
                    Set(variants.map(\.conformance)).count == variants.count,
                    "\(cluster.name): attribute \(id) twice under one conformance")
            }
            for direction in [SpecCommand.Direction.request, .response] {
                let commands = cluster.commands.filter { $0.direction == direction }.map(\.id)
                #expect(Set(commands).count == commands.count, "\(cluster.name): a \(direction) ID twice")
            }
            let events = cluster.events.map(\.id)
            #expect(Set(events).count == events.count, "\(cluster.name): an event ID twice")
            let bits = cluster.features.map(\.bit)
            #expect(Set(bits).count == bits.count, "\(cluster.name): a feature bit twice")
        }
    }

    /// Application Cluster Specification 1.5 (On/Off), revision 6 with the three features of 1.4.
    @Test func onOffIsAsTheSpecificationWritesIt() throws {
        let onOff = try #require(MatterSpecification.cluster(id: 0x0006))
        #expect(onOff.name == "OnOff")
        #expect(onOff.revision == 6)
        #expect(onOff.classification == .application)
        #expect(onOff.features.map(\.code) == ["LT", "DF", "OFFONLY"])
        #expect(onOff.features.map(\.bit) == [0, 1, 2])
        let attribute = try #require(onOff.attributes.first { $0.id == 0x0000 })
        #expect(attribute.name == "OnOff")
        #expect(attribute.type == "bool")
        #expect(attribute.conformance == "M")
        #expect(attribute.default == .bool(false))
        #expect(
            onOff.commands.first { $0.id == 0x42 }?.fields.map(\.name) == ["OnOffControl", "OnTime", "OffWaitTime"])
    }

    /// Matter 1.4 raised Bridged Device Basic Information to revision 4 (the issue that asked for these tables found
    /// mhub's bridged endpoints still at 3).
    @Test func bridgedDeviceBasicInformationIsAtRevisionFour() throws {
        let cluster = try #require(MatterSpecification.cluster(id: 0x0039))
        #expect(cluster.name == "BridgedDeviceBasicInformation")
        #expect(cluster.revision == 4)
    }

    /// Device Library 2.1: the Root Node requires General Diagnostics and Group Key Management, among others.
    @Test func theRootNodeRequiresItsNodeClusters() throws {
        let root = try #require(MatterSpecification.deviceType(id: 0x0016))
        #expect(root.name == "RootNode")
        #expect(root.classification == .node)
        let mandatory = Set(
            root.requirements.filter { $0.element == .serverCluster && $0.conformance == "M" }.compactMap(\.id))
        for cluster: UInt32 in [0x001F, 0x0028, 0x0030, 0x0033, 0x003C, 0x003E, 0x003F] {
            #expect(mandatory.contains(cluster), "Root Node does not require \(cluster)")
        }
    }

    /// Device Library 4.4: the Extended Color Light (0x010D, revision 4) needs Color Control with XY and colour
    /// temperature.
    @Test func theExtendedColorLightNeedsXYAndColorTemperature() throws {
        let light = try #require(MatterSpecification.deviceType(named: "ExtendedColorLight"))
        #expect(light.id == 0x010D)
        #expect(light.revision == 4)
        #expect(light.category == "Lighting")
        let color = try #require(light.requirements.first { $0.id == 0x0300 })
        #expect(color.conformance == "M")
        let mandatoryFeatures = color.children.filter { $0.element == .feature && $0.conformance == "M" }.map(\.name)
        #expect(Set(mandatoryFeatures) == ["XY", "COLORTEMPERATURE"])
    }

    /// Application Cluster Specification 1.6.7: the "WithOnOff" commands take the fields of their counterparts.
    @Test func levelControlsWithOnOffCommandsHaveTheirCounterpartsFields() throws {
        let level = try #require(MatterSpecification.cluster(id: 0x0008))
        for name in ["MoveToLevel", "Move", "Step", "Stop"] {
            let plain = try #require(level.commands.first { $0.name == name })
            let withOnOff = try #require(level.commands.first { $0.name == name + "WithOnOff" })
            #expect(!withOnOff.fields.isEmpty)
            #expect(withOnOff.fields == plain.fields, "\(name)WithOnOff")
        }
    }

    @Test func derivedClustersNameTheirBase() throws {
        let runMode = try #require(MatterSpecification.cluster(named: "RvcRunMode"))
        #expect(runMode.id == 0x0054)
        #expect(runMode.base == "ModeBase")
        let hepa = try #require(MatterSpecification.cluster(id: 0x0071))
        #expect(hepa.base == "ResourceMonitoring")
    }
}

/// A derived cluster resolved over its base has the base's elements with its own changes (Application Cluster
/// Specification 1.10, Mode Base, and 7.2, RVC Run Mode).
@Suite struct DerivedClusterTests {
    @Test func rvcRunModeKeepsModeBasesElementsWithItsOwnChanges() throws {
        let runMode = MatterSpecification.resolved(try #require(MatterSpecification.cluster(named: "RvcRunMode")))
        #expect(runMode.id == 0x0054)
        #expect(runMode.base == "ModeBase")
        let supported = try #require(runMode.attributes.first { $0.id == 0x0000 })
        #expect(supported.name == "SupportedModes")
        #expect(supported.type == "list")
        // RVC Run Mode disallows StartUpMode and OnMode, and the On/Off dependency feature.
        #expect(runMode.attributes.first { $0.id == 0x0002 }?.conformance == "X")
        #expect(runMode.attributes.first { $0.id == 0x0003 }?.conformance == "X")
        #expect(runMode.features.first { $0.code == "DEPONOFF" }?.conformance == "X")
        // Its ModeChangeStatus adds the robot's own statuses to the base's.
        let status = try #require(runMode.datatypes.first { $0.name == "ModeChangeStatus" })
        #expect(status.fields.contains { $0.name == "Stuck" && $0.id == 0x41 })
        #expect(status.fields.contains { $0.name == "Success" })
        // ChangeToMode comes from the base, with its response.
        #expect(runMode.commands.contains { $0.name == "ChangeToMode" && $0.direction == .request })
    }

    @Test func aClusterWithoutABaseIsItsOwnResolution() throws {
        let onOff = try #require(MatterSpecification.cluster(id: 0x0006))
        #expect(MatterSpecification.resolved(onOff) == onOff)
    }
}
