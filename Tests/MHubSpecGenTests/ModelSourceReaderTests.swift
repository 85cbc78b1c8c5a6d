import MatterSpecification
import Testing

@testable import mhub_spec_gen

/// The generator reads matter.js's model source strictly: the literal subset it uses, and nothing else.
@Suite struct ModelSourceReaderTests {
    static let sample = """
        import { MatterElement as Matter } from "#model";
        /* a comment */
        export const SpecMatter = Matter(
            { name: "SpecMatter" },
            Cluster(
                {
                    name: "OnOff", id: 0x6, classification: "application", pics: "OO",
                    details: "A first line " +
                        "and a second, with a \\"quote\\".",
                    xref: { document: "cluster", section: "1.5" }
                },
                Attribute({ name: "ClusterRevision", id: 0xfffd, type: "ClusterRevision", default: 6 }),
                Attribute(
                    { name: "FeatureMap", id: 0xfffc, type: "FeatureMap" },
                    Field({ name: "LT", conformance: "[!OFFONLY]", constraint: "0", description: "Lighting" }),
                ),
                Attribute({ name: "OnTime", id: 0x4001, type: "uint16", access: "RW VO", conformance: "LT", default: -1 }),
                Command(
                    { name: "Off", id: 0x0, access: "O", conformance: "M", direction: "request", response: "status" },
                    Field({ name: "Level", id: 0x0, type: "uint8", default: 0.5 })
                ),
                Event({ name: "Fault", id: 0x1, priority: "critical", conformance: "O" })
            ),
            DeviceType(
                { name: "OnOffLight", id: 0x100, classification: "simple", category: "Lighting" },
                Requirement(
                    { name: "Descriptor", id: 0x1d, element: "serverCluster" },
                    Requirement({ name: "DeviceTypeList", default: [ { deviceType: 256, revision: 3 } ], element: "attribute" })
                ),
                Requirement({ name: "OnOff", id: 0x6, conformance: "M", element: "serverCluster" })
            )
        );
        """

    @Test func readsClustersAndDeviceTypes() throws {
        var reader = ModelSourceReader(Self.sample)
        let tables = try SpecificationTables(root: try reader.readRoot())
        let onOff = try #require(tables.clusters.first)
        #expect(onOff.id == 6)
        #expect(onOff.revision == 6)
        #expect(onOff.section == "1.5")
        #expect(onOff.features == [SpecFeature(bit: 0, code: "LT", name: "Lighting", conformance: "[!OFFONLY]")])
        #expect(
            onOff.attributes == [
                SpecAttribute(
                    id: 0x4001, name: "OnTime", type: "uint16", access: "RW VO", conformance: "LT",
                    default: .integer(-1))
            ])
        #expect(onOff.commands.first?.direction == .request)
        #expect(onOff.commands.first?.fields.first?.default == .number(0.5))
        #expect(onOff.events.first?.priority == .critical)
        let light = try #require(tables.deviceTypes.first)
        #expect(light.id == 0x100)
        #expect(light.revision == 3)
        #expect(light.requirements.map(\.name) == ["Descriptor", "OnOff"])
    }

    @Test func concatenatedStringsAreOneString() throws {
        var reader = ModelSourceReader(Self.sample)
        let root = try reader.readRoot()
        let cluster = try #require(root.children.first)
        #expect(cluster["details"]?.string == "A first line and a second, with a \"quote\".")
    }

    @Test func aChangeOfFormatStopsWithItsLine() {
        var reader = ModelSourceReader(
            "x\nexport const M = Matter(\n  { name: \"M\" },\n  Cluster({ name: undefined })\n);")
        #expect(throws: ModelSourceError.self) { try reader.readRoot() }
        var broken = ModelSourceReader("export const M = Matter(\n{ name: \"M\" },\nCluster({ name: \"A\" ")
        do {
            _ = try broken.readRoot()
            Issue.record("a truncated source was read")
        } catch {
            #expect(error.line == 3)
        }
        var none = ModelSourceReader("nothing here")
        #expect(throws: ModelSourceError.self) { try none.readRoot() }
    }

    @Test func unknownElementsAndValuesAreRefused() throws {
        var reader = ModelSourceReader(
            "export const M = Matter({ name: \"M\" }, Cluster({ name: \"A\", classification: \"galactic\" }));")
        let root = try reader.readRoot()
        #expect(throws: BuildError.self) { try SpecificationTables(root: root) }
    }

    @Test func membersAreNamedInLowerCamelCase() {
        #expect(GeneratedFiles.member("OnOff") == "onOff")
        #expect(GeneratedFiles.member("ICDManagement") == "icdManagement")
        #expect(GeneratedFiles.member("Switch") == "`switch`")
        #expect(GeneratedFiles.member("WiFiNetworkDiagnostics") == "wiFiNetworkDiagnostics")
        #expect(GeneratedFiles.member("PM25ConcentrationMeasurement") == "pm25ConcentrationMeasurement")
    }
}
