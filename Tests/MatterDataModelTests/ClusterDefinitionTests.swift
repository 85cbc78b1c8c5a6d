import Testing

@testable import MatterDataModel

/// Cluster IDs, names and revisions as CHIP SDK `data_model/1.4/clusters/*.xml` gives them.
private let verifiedClusters: [(ClusterDefinition, ClusterID, String, UInt16)] = [
    (.identify, 0x0003, "Identify", 5),  // Identify.xml
    (.groups, 0x0004, "Groups", 4),  // Groups.xml
    (.onOff, 0x0006, "OnOff", 6),  // OnOff.xml
    (.levelControl, 0x0008, "LevelControl", 6),  // LevelControl.xml
    (.descriptor, 0x001D, "Descriptor", 2),  // Descriptor-Cluster.xml
    (.binding, 0x001E, "Binding", 1),  // Binding-Cluster.xml
    (.accessControl, 0x001F, "AccessControl", 2),  // ACL-Cluster.xml
    (.basicInformation, 0x0028, "BasicInformation", 4),  // BasicInformationCluster.xml
    (.otaSoftwareUpdateRequestor, 0x002A, "OtaSoftwareUpdateRequestor", 1),  // OTARequestor.xml
    (.generalCommissioning, 0x0030, "GeneralCommissioning", 2),  // GeneralCommissioningCluster.xml
    (.networkCommissioning, 0x0031, "NetworkCommissioning", 2),  // NetworkCommissioningCluster.xml
    (.generalDiagnostics, 0x0033, "GeneralDiagnostics", 2),  // DiagnosticsGeneral.xml
    // Matter 1.4's revision (Core 9.13; CHIP's generated metadata still says kRevision 3), chip.clusters.Objects
    // for the IDs.
    (.bridgedDeviceBasicInformation, 0x0039, "BridgedDeviceBasicInformation", 4),
    (.administratorCommissioning, 0x003C, "AdministratorCommissioning", 1),  // AdminCommissioningCluster.xml
    (.operationalCredentials, 0x003E, "OperationalCredentials", 1),  // OperationalCredentialCluster.xml
    (.groupKeyManagement, 0x003F, "GroupKeyManagement", 2),  // Group-Key-Management-Cluster.xml
    (.booleanState, 0x0045, "BooleanState", 1),  // BooleanState.xml
    (.doorLock, 0x0101, "DoorLock", 8),  // DoorLock.xml
    (.windowCovering, 0x0102, "WindowCovering", 5),  // WindowCovering.xml
    (.thermostat, 0x0201, "Thermostat", 8),  // Thermostat.xml
    (.colorControl, 0x0300, "ColorControl", 7),  // ColorControl.xml
    (.temperatureMeasurement, 0x0402, "TemperatureMeasurement", 4),  // TemperatureMeasurement.xml
    (.occupancySensing, 0x0406, "OccupancySensing", 5),  // OccupancySensing.xml
]

/// A sample of attribute IDs from the same files; names as `chip.clusters.Objects` labels them.
private let verifiedAttributes: [(ClusterDefinition, String, AttributeID)] = [
    (.identify, "identifyType", 0x0001),
    (.groups, "nameSupport", 0x0000),
    (.onOff, "onOff", 0x0000),
    (.onOff, "globalSceneControl", 0x4000),
    (.onOff, "startUpOnOff", 0x4003),
    (.levelControl, "currentLevel", 0x0000),
    (.levelControl, "options", 0x000F),
    (.levelControl, "onLevel", 0x0011),
    (.levelControl, "startUpCurrentLevel", 0x4000),
    (.colorControl, "colorTemperatureMireds", 0x0007),
    (.colorControl, "enhancedColorMode", 0x4001),
    (.colorControl, "colorCapabilities", 0x400A),
    (.colorControl, "coupleColorTempToLevelMinMireds", 0x400D),
    (.colorControl, "startUpColorTemperatureMireds", 0x4010),
    (.descriptor, "partsList", 0x0003),
    (.bridgedDeviceBasicInformation, "nodeLabel", 0x0005),
    (.bridgedDeviceBasicInformation, "reachable", 0x0011),
    (.bridgedDeviceBasicInformation, "uniqueID", 0x0012),
    (.basicInformation, "vendorID", 0x0002),
    (.basicInformation, "productID", 0x0004),
    (.basicInformation, "serialNumber", 0x000F),
    (.basicInformation, "uniqueID", 0x0012),
    (.basicInformation, "capabilityMinima", 0x0013),
    (.basicInformation, "specificationVersion", 0x0015),
    (.basicInformation, "maxPathsPerInvoke", 0x0016),
    (.accessControl, "accessControlEntriesPerFabric", 0x0004),
    (.generalCommissioning, "supportsConcurrentConnection", 0x0004),
    (.networkCommissioning, "supportedWiFiBands", 0x0008),
    (.generalDiagnostics, "testEventTriggersEnabled", 0x0008),
    (.administratorCommissioning, "adminVendorId", 0x0002),
    (.operationalCredentials, "currentFabricIndex", 0x0005),
    (.groupKeyManagement, "maxGroupKeysPerFabric", 0x0003),
    (.booleanState, "stateValue", 0x0000),
    (.doorLock, "operatingMode", 0x0025),
    (.doorLock, "supportedOperatingModes", 0x0026),
    (.doorLock, "enableOneTouchLocking", 0x0029),
    (.windowCovering, "endProductType", 0x000D),
    (.windowCovering, "currentPositionLiftPercent100ths", 0x000E),
    (.windowCovering, "mode", 0x0017),
    (.thermostat, "occupiedHeatingSetpoint", 0x0012),
    (.thermostat, "minSetpointDeadBand", 0x0019),
    (.thermostat, "systemMode", 0x001C),
    (.thermostat, "thermostatRunningMode", 0x001E),
    (.temperatureMeasurement, "maxMeasuredValue", 0x0002),
    (.occupancySensing, "holdTimeLimits", 0x0004),
]

/// A sample of command IDs (and one field's context tag) from the same files.
private let verifiedCommands: [(ClusterDefinition, String, CommandID)] = [
    (.identify, "TriggerEffect", 0x40),
    (.groups, "AddGroupIfIdentifying", 0x05),
    (.onOff, "Toggle", 0x02),
    (.onOff, "OffWithEffect", 0x40),
    (.onOff, "OnWithTimedOff", 0x42),
    (.levelControl, "MoveToLevelWithOnOff", 0x04),
    (.levelControl, "StopWithOnOff", 0x07),
    (.colorControl, "MoveToColorTemperature", 0x0A),
    (.colorControl, "StopMoveStep", 0x47),
    (.colorControl, "MoveColorTemperature", 0x4B),
    (.colorControl, "StepColorTemperature", 0x4C),
    (.doorLock, "UnlockWithTimeout", 0x03),
    (.thermostat, "SetpointRaiseLower", 0x00),
    (.windowCovering, "StopMotion", 0x02),
    (.windowCovering, "GoToLiftPercentage", 0x05),
    (.generalCommissioning, "CommissioningComplete", 0x04),
    (.networkCommissioning, "ReorderNetwork", 0x08),
    (.administratorCommissioning, "RevokeCommissioning", 0x02),
    (.operationalCredentials, "AddTrustedRootCertificate", 0x0B),
    (.groupKeyManagement, "KeySetReadAllIndices", 0x04),
    (.generalDiagnostics, "TimeSnapshot", 0x01),
]

@Suite struct ClusterDefinitionTests {
    @Test func clusterIDsNamesAndRevisionsMatchTheSpecification() {
        for (definition, id, name, revision) in verifiedClusters {
            #expect(definition.id == id, "\(name)")
            #expect(definition.name == name)
            #expect(definition.revision == revision, "\(name)")
        }
    }

    @Test func theCatalogHoldsEachClusterOnceInIDOrder() {
        let ids = ClusterCatalog.all.map(\.id)
        #expect(ids == ids.sorted() && Set(ids).count == ids.count)
        #expect(Set(verifiedClusters.map(\.1)).isSubset(of: ids))
        for (definition, id, _, _) in verifiedClusters {
            let catalogued = ClusterCatalog.definition(id)
            #expect(catalogued?.name == definition.name && catalogued?.revision == definition.revision)
            #expect(Set(definition.attributeIDs).isSubset(of: catalogued?.attributeIDs ?? []), "\(definition.name)")
            #expect(Set(definition.acceptedCommandIDs).isSubset(of: catalogued?.acceptedCommandIDs ?? []))
        }
        #expect(ClusterCatalog.definition(0x0005) == nil)
    }

    @Test func sampledAttributeIDsMatchTheSpecification() {
        for (definition, name, id) in verifiedAttributes {
            #expect(definition.attribute(named: name)?.id == id, "\(definition.name).\(name)")
            #expect(definition.attribute(id)?.name == name, "\(definition.name).\(name)")
        }
    }

    @Test func sampledCommandIDsMatchTheSpecification() {
        for (definition, name, id) in verifiedCommands {
            #expect(definition.command(named: name)?.id == id, "\(definition.name).\(name)")
            #expect(definition.command(id)?.name == name, "\(definition.name).\(name)")
        }
        let moveToLevel = ClusterDefinition.levelControl.command(named: "MoveToLevelWithOnOff")
        #expect(moveToLevel?.field(named: "optionsOverride")?.id == 3)
        #expect(moveToLevel?.field(1)?.name == "transitionTime")
        #expect(moveToLevel?.field(1)?.nullable == true)
        #expect(ClusterDefinition.doorLock.command(named: "UnlockWithTimeout")?.field(1)?.name == "PINCode")
    }

    @Test func globalAttributesHaveTheirSpecificationIDs() {
        // Matter Core Specification 7.13; `chip.clusters.Objects` tags 0xFFF8…0xFFFD.
        #expect(GlobalAttributes.definitions.map(\.id) == [0xFFF8, 0xFFF9, 0xFFFB, 0xFFFC, 0xFFFD])
        #expect(GlobalAttributes.eventList == 0xFFFA)
        #expect(ClusterDefinition.onOff.attribute(0xFFFD)?.name == "clusterRevision")
        #expect(ClusterDefinition.onOff.attribute(named: "featureMap")?.id == 0xFFFC)
    }

    @Test func featureMapsMatchTheImplementedFeatures() {
        #expect(ClusterDefinition.onOff.featureMap == 0x1)  // Lighting
        #expect(ClusterDefinition.levelControl.featureMap == 0x3)  // OnOff, Lighting
        #expect(ClusterDefinition.colorControl.featureMap == 0x10)  // ColorTemperature
        #expect(ClusterDefinition.thermostat.featureMap == 0x23)  // Heating, Cooling, AutoMode
        #expect(ClusterDefinition.windowCovering.featureMap == 0x5)  // Lift, PositionAwareLift
        #expect(ClusterDefinition.occupancySensing.featureMap == 0x2)  // PassiveInfrared
        #expect(ClusterDefinition.networkCommissioning.featureMap == 0x1)  // WiFiNetworkInterface
        #expect(ClusterDefinition.colorControl.attribute(0x400A)?.default == .unsigned(0x10))
    }

    @Test(arguments: ClusterCatalog.all.map(\.name))
    func definitionsAreConsistent(_ name: String) throws {
        let definition = try #require(ClusterCatalog.all.first { $0.name == name })
        let attributeIDs = definition.attributes.map(\.id)
        #expect(attributeIDs == attributeIDs.sorted() && Set(attributeIDs).count == attributeIDs.count)
        #expect(Set(definition.attributes.map(\.name)).count == attributeIDs.count)
        #expect(attributeIDs.allSatisfy { $0 < 0xF000 })
        for list in [definition.commands, definition.responses] {
            #expect(list.map(\.id) == list.map(\.id).sorted() && Set(list.map(\.id)).count == list.count)
        }
        for command in definition.commands + definition.responses {
            #expect(Set(command.fields.map(\.id)).count == command.fields.count, "\(command.name)")
            #expect(Set(command.fields.map(\.name)).count == command.fields.count, "\(command.name)")
        }
        for response in definition.commands.compactMap(\.response) {
            #expect(definition.response(response) != nil, "\(definition.name) response \(response)")
        }
        #expect(Set(definition.commands.compactMap(\.response)) == Set(definition.generatedCommandIDs))
    }

    @Test(arguments: ClusterCatalog.all.map(\.name))
    func defaultsSatisfyTheirConstraints(_ name: String) throws {
        let definition = try #require(ClusterCatalog.all.first { $0.name == name })
        for attribute in definition.attributes + GlobalAttributes.definitions {
            #expect(attribute.accepts(attribute.default), "\(definition.name).\(attribute.name)")
            if let range = attribute.range, let natural = attribute.type.integerRange {
                #expect(natural.clamped(to: range) == range, "\(definition.name).\(attribute.name)")
            }
        }
    }
}
