import Testing

@testable import MatterSpecification

/// The checker on an On/Off Light (Device Library 4.1) written out by hand from the specification, then with one
/// thing wrong at a time: each wrong thing is found, and nothing else.
@Suite struct ConformanceCheckerTests {
    static func revision(_ cluster: UInt32) -> UInt16 {
        MatterSpecification.cluster(id: cluster)?.revision ?? 0
    }

    static let descriptor = ClusterComposition(
        id: 0x001D, revision: revision(0x001D), attributes: [0x0000, 0x0001, 0x0002, 0x0003])
    static let identify = ClusterComposition(
        id: 0x0003, revision: revision(0x0003), attributes: [0x0000, 0x0001], acceptedCommands: [0x00, 0x40])
    static let groups = ClusterComposition(
        id: 0x0004, revision: revision(0x0004), featureMap: 0x1, attributes: [0x0000],
        acceptedCommands: [0x00, 0x01, 0x02, 0x03, 0x04, 0x05], generatedCommands: [0x00, 0x01, 0x02, 0x03])
    /// On/Off with Lighting: its five attributes and six commands.
    static let onOff = ClusterComposition(
        id: 0x0006, revision: revision(0x0006), featureMap: 0x1,
        attributes: [0x0000, 0x4000, 0x4001, 0x4002, 0x4003], acceptedCommands: [0x00, 0x01, 0x02, 0x40, 0x41, 0x42])

    static func light(onOff: ClusterComposition? = onOff, deviceTypeRevision: UInt16? = nil) -> EndpointComposition {
        let revision = deviceTypeRevision ?? MatterSpecification.deviceType(id: 0x0100)?.revision ?? 0
        return EndpointComposition(
            endpoint: 1, deviceTypes: [.init(id: 0x0100, revision: revision)],
            servers: [descriptor, identify, groups] + (onOff.map { [$0] } ?? []))
    }

    @Test func aConformantOnOffLightHasNoFindings() {
        #expect(ConformanceChecker.check(Self.light()) == [])
    }

    @Test func aMissingMandatoryAttributeIsFound() {
        var onOff = Self.onOff
        onOff.attributes.remove(0x4000)
        let findings = ConformanceChecker.check(Self.light(onOff: onOff))
        #expect(findings.map(\.element) == [.attribute(cluster: 0x0006, id: 0x4000)])
        #expect(findings.map(\.problem) == [.missing])
        #expect(findings.first?.reason.contains("GlobalSceneControl") == true)
    }

    @Test func aWrongClusterRevisionIsFound() {
        var onOff = Self.onOff
        onOff.revision = 5
        let findings = ConformanceChecker.check(Self.light(onOff: onOff))
        #expect(findings.map(\.problem) == [.wrongRevision(expected: Self.revision(0x0006), found: 5)])
    }

    @Test func aWrongDeviceTypeRevisionIsFound() throws {
        let expected = try #require(MatterSpecification.deviceType(id: 0x0100)?.revision)
        let findings = ConformanceChecker.check(Self.light(deviceTypeRevision: expected + 1))
        #expect(findings.map(\.element) == [.deviceType(0x0100)])
        #expect(findings.map(\.problem) == [.wrongRevision(expected: expected, found: expected + 1)])
    }

    @Test func aDisallowedFeatureCombinationIsFound() {
        var onOff = Self.onOff
        onOff.featureMap = 0x5  // Lighting and OffOnly, which exclude each other.
        let findings = ConformanceChecker.check(Self.light(onOff: onOff))
        #expect(
            findings.contains { $0.element == .feature(cluster: 0x0006, code: "OFFONLY") && $0.problem == .notAllowed })
    }

    @Test func aRequiredClusterThatIsNotThereIsFound() {
        let findings = ConformanceChecker.check(Self.light(onOff: nil))
        #expect(findings.map(\.element) == [.serverCluster(0x0006)])
        #expect(findings.map(\.problem) == [.missing])
    }

    /// Without Lighting, the attributes and commands that need it are not allowed, and the light's device type
    /// requires the feature itself.
    @Test func aLightWithoutTheLightingFeatureIsFoundTwice() {
        var onOff = Self.onOff
        onOff.featureMap = 0
        let findings = ConformanceChecker.check(Self.light(onOff: onOff))
        #expect(findings.contains { $0.element == .feature(cluster: 0x0006, code: "LT") && $0.problem == .missing })
        #expect(
            findings.contains { $0.element == .attribute(cluster: 0x0006, id: 0x4000) && $0.problem == .notAllowed })
        #expect(
            findings.contains { $0.element == .acceptedCommand(cluster: 0x0006, id: 0x42) && $0.problem == .notAllowed }
        )
    }

    @Test func anAttributeTheSpecificationDoesNotDefineIsFound() {
        var onOff = Self.onOff
        onOff.attributes.insert(0x0100)
        let findings = ConformanceChecker.check(Self.light(onOff: onOff))
        #expect(findings.map(\.element) == [.attribute(cluster: 0x0006, id: 0x0100)])
        #expect(findings.map(\.problem) == [.unknown])
        // A manufacturer's own attribute (a vendor prefix) is not the specification's business.
        onOff.attributes = Self.onOff.attributes.union([0xFFF1_0000])
        #expect(ConformanceChecker.check(Self.light(onOff: onOff)) == [])
    }

    /// A response is checked when its request is accepted: Groups without its responses is missing them.
    @Test func theResponsesOfAcceptedRequestsAreRequired() {
        var groups = Self.groups
        groups.generatedCommands = []
        let endpoint = EndpointComposition(
            endpoint: 1, deviceTypes: [], servers: [Self.descriptor, groups])
        let missing = ConformanceChecker.check(endpoint).filter { $0.problem == .missing }.map(\.element)
        #expect(
            Set(missing)
                == Set((0x00...0x03).map { ConformanceFinding.Element.generatedCommand(cluster: 0x0004, id: $0) }))
    }
}
