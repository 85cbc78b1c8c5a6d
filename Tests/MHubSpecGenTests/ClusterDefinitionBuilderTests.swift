import MatterDataModel
import MatterSpecification
import Testing

@testable import mhub_spec_gen

/// mhub's cluster definitions are what the generator makes of the specification's tables and `ClusterChoices`.
@Suite struct ClusterDefinitionBuilderTests {
    /// The committed `Sources/MatterDataModel/Generated/` is the generator's output now: a changed choice or table
    /// without `scripts/generate-data-model.sh` run again fails here.
    @Test func theCommittedDefinitionsAreWhatTheGeneratorMakes() throws {
        #expect(ClusterDefinition.generated.map(\.name) == ClusterChoices.all.map(\.name))
        for (choice, generated) in zip(ClusterChoices.all, ClusterDefinition.generated) {
            let built = try ClusterDefinitionBuilder(choice).build()
            #expect(generated.definition == built, "\(choice.name)")
        }
    }

    @Test func mandatoryElementsFollowTheFeaturesChosen() throws {
        let lighting = try ClusterDefinitionBuilder(ClusterChoice(name: "onOff", cluster: "OnOff", features: ["LT"]))
            .build()
        #expect(lighting.featureMap == 0x1)
        #expect(lighting.attributes.map(\.id) == [0x0000, 0x4000, 0x4001, 0x4002, 0x4003])
        #expect(
            lighting.commands.map(\.name) == [
                "Off", "On", "Toggle", "OffWithEffect", "OnWithRecallGlobalScene", "OnWithTimedOff",
            ])
        let plain = try ClusterDefinitionBuilder(ClusterChoice(name: "onOff", cluster: "OnOff")).build()
        #expect(plain.featureMap == 0)
        #expect(plain.attributes.map(\.id) == [0x0000])
        #expect(plain.commands.map(\.name) == ["Off", "On", "Toggle"])
        let offOnly = try ClusterDefinitionBuilder(
            ClusterChoice(name: "onOff", cluster: "OnOff", features: ["OFFONLY"])
        )
        .build()
        #expect(offOnly.commands.map(\.name) == ["Off"])
    }

    @Test func accessQualityAndConstraintsComeFromTheSpecification() throws {
        let level = try ClusterDefinitionBuilder(
            ClusterChoice(name: "levelControl", cluster: "LevelControl", features: ["OO", "LT"])
        ).build()
        let startUp = try #require(level.attribute(0x4000))
        #expect(startUp.name == "startUpCurrentLevel")
        #expect(startUp.writable && startUp.writePrivilege == .manage && startUp.nullable)
        // The bits of OptionsBitmap (ExecuteIfOff, CoupleColorTempToLevel) bound Options.
        #expect(level.attribute(0x000F)?.range == 0...3)
        // MinLevel is listed twice; with Lighting its variant is at least 1.
        #expect(level.attributes.filter { $0.id == 0x0002 }.count <= 1)
        let fields = try #require(level.command(named: "MoveToLevelWithOnOff")?.fields)
        #expect(fields.map(\.name) == ["level", "transitionTime", "optionsMask", "optionsOverride"])
        #expect(fields[1].nullable)
        let credentials = try ClusterDefinitionBuilder(
            ClusterChoice(name: "operationalCredentials", cluster: "OperationalCredentials")
        ).build()
        let addNOC = try #require(credentials.command(named: "AddNOC"))
        #expect(addNOC.privilege == .administer)
        #expect(addNOC.response == 0x08)
        #expect(credentials.responses.map(\.name).contains("NOCResponse"))
        // A fabric-scoped command's fabric index is not a field (UpdateFabricLabel has Label only).
        #expect(credentials.command(named: "UpdateFabricLabel")?.fields.map(\.name) == ["label"])
        // RESP_MAX, written `max respMax`.
        #expect(credentials.response(0x01)?.field(0)?.type == .bytes(maxLength: 900))
        let commissioning = try ClusterDefinitionBuilder(
            ClusterChoice(name: "administratorCommissioning", cluster: "AdministratorCommissioning", features: ["BC"])
        ).build()
        #expect(commissioning.commands.allSatisfy { $0.timed && $0.privilege == .administer })
    }

    @Test func temperaturesInDegreesAreHundredthsAndReferencesAreLeftToTheChoice() throws {
        let thermostat = try ClusterDefinitionBuilder(
            ClusterChoice(name: "thermostat", cluster: "Thermostat", features: ["HEAT", "COOL"])
        ).build()
        #expect(thermostat.attribute(named: "occupiedCoolingSetpoint")?.default == .signed(2600))
        #expect(thermostat.attribute(named: "occupiedHeatingSetpoint")?.default == .signed(2000))
        #expect(thermostat.attribute(named: "localTemperature")?.range == -27315...32767)
    }

    @Test func namesFollowChipClustersObjects() throws {
        let basic = try ClusterDefinitionBuilder(ClusterChoice(name: "basic", cluster: "BasicInformation")).build()
        #expect(basic.attribute(0x0002)?.name == "vendorID")
        #expect(basic.attribute(0x0004)?.name == "productID")
        #expect(ChipNames.member("CoupleColorTempToLevelMiNMireds") == "coupleColorTempToLevelMinMireds")
        #expect(ChipNames.command("CsrRequest") == "CSRRequest")
        #expect(ChipNames.member("OnOff") == "onOff")
    }

    @Test func choicesNamingWhatTheClusterDoesNotHaveAreRefused() {
        #expect(throws: ClusterChoiceError.self) {
            try ClusterDefinitionBuilder(ClusterChoice(name: "x", cluster: "OnOff", features: ["HS"]))
        }
        #expect(throws: ClusterChoiceError.self) {
            try ClusterDefinitionBuilder(ClusterChoice(name: "x", cluster: "OnOff", optional: ["CurrentLevel"]))
        }
        #expect(throws: ClusterChoiceError.self) {
            try ClusterDefinitionBuilder(ClusterChoice(name: "x", cluster: "NoSuch"))
        }
        #expect(throws: ClusterChoiceError.self) {
            try ClusterDefinitionBuilder(
                ClusterChoice(name: "x", cluster: "OnOff", defaults: ["StartUpOnOff": .unsigned(7)])
            ).build()
        }
    }

    @Test func constraintsReadAsNumbers() {
        #expect(DataTypeResolver.range("1 to 254", natural: 0...255) == 1...254)
        #expect(DataTypeResolver.range("min 1", natural: 0...255) == 1...255)
        #expect(DataTypeResolver.range("max 65534", natural: 0...65535) == 0...65534)
        #expect(DataTypeResolver.range("MinLevel to MaxLevel", natural: 0...255) == nil)
        #expect(DataTypeResolver.range("desc", natural: 0...255) == nil)
        #expect(DataTypeResolver.maximum("max 32") == 32)
        #expect(DataTypeResolver.maximum("16 to 32") == 32)
        #expect(DataTypeResolver.maximum("2") == 2)
        #expect(DataTypeResolver.maximum("max respMax") == 900)
    }
}
