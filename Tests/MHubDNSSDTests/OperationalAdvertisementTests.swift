import Testing

@testable import MHubDNSSD

/// `_matter._tcp` against reference A.3.
@Suite struct OperationalAdvertisementTests {
    @Test func instanceNameIsFabricDashNodeInUppercaseHex() throws {
        // The compressed fabric ID of CHIP's TestCompressedFabricIdentifier vector (reference A.3).
        let service = try OperationalAdvertisement(compressedFabricID: 0x87E1_B004_E235_A130, nodeID: 0x1B).service()
        #expect(service.type == "_matter._tcp")
        #expect(service.instanceName == "87E1B004E235A130-000000000000001B")
        #expect(service.instanceName.utf8.count == 33)
        #expect(service.port == 5540)
        #expect(service.subtypes == ["_I87E1B004E235A130"])
        #expect(service.subtypeServiceTypes == ["_I87E1B004E235A130._sub._matter._tcp"])
        #expect(service.txt.isEmpty)
        #expect(service.collisionPolicy == .keepName)
    }

    @Test func nameMatchesThePythonMatterServerPattern() throws {
        let name = try OperationalAdvertisement(compressedFabricID: 0x00AB, nodeID: 0xFFFF_FFEF_FFFF_FFFF).service()
            .instanceName
        #expect(name == "00000000000000AB-FFFFFFEFFFFFFFFF")
        let parts = name.split(separator: "-")
        #expect(parts.count == 2 && parts.allSatisfy { $0.count == 16 })
    }

    @Test func specDefaultSessionParametersAreLeftOut() throws {
        let defaults = try OperationalAdvertisement(
            compressedFabricID: 1, nodeID: 1, common: MatterCommonTXT(sessionParameters: .specDefault)
        ).service()
        #expect(defaults.txt.isEmpty)
        let custom = try OperationalAdvertisement(
            compressedFabricID: 1, nodeID: 1,
            common: MatterCommonTXT(
                sessionParameters: MatterSessionParameters(
                    idleInterval: 800, activeInterval: 300, activeThreshold: 4000),
                tcp: [.client])
        ).service()
        #expect(custom.txt.map(\.description) == ["SII=800", "SAI=300", "SAT=4000", "T=2"])
    }

    @Test func longIdleTimeDeviceLeavesOutSII() throws {
        let service = try OperationalAdvertisement(
            compressedFabricID: 1, nodeID: 1,
            common: MatterCommonTXT(
                sessionParameters: MatterSessionParameters(
                    idleInterval: 800, activeInterval: 300, activeThreshold: 4000),
                icd: .longIdleTime)
        ).service()
        #expect(service.txt.map(\.description) == ["SAI=300", "SAT=4000", "ICD=1"])
    }

    @Test func invalidIDsAndIntervalsAreRejected() {
        func field(_ advertisement: OperationalAdvertisement) -> String? {
            do throws(DNSSDError) {
                _ = try advertisement.service()
                return nil
            } catch {
                return error.field
            }
        }
        #expect(field(OperationalAdvertisement(compressedFabricID: 1, nodeID: 0)) == "nodeID")
        #expect(field(OperationalAdvertisement(compressedFabricID: 1, nodeID: 0xFFFF_FFF0_0000_0000)) == "nodeID")
        #expect(field(OperationalAdvertisement(compressedFabricID: 0, nodeID: 1)) == "compressedFabricID")
        let tooLong = MatterSessionParameters(idleInterval: 3_600_001, activeInterval: 300, activeThreshold: 1)
        #expect(
            field(
                OperationalAdvertisement(
                    compressedFabricID: 1, nodeID: 1, common: MatterCommonTXT(sessionParameters: tooLong)))
                == "sessionParameters.SII")
        let zeroThreshold = MatterSessionParameters(idleInterval: 1, activeInterval: 1, activeThreshold: 0)
        #expect(
            field(
                OperationalAdvertisement(
                    compressedFabricID: 1, nodeID: 1, common: MatterCommonTXT(sessionParameters: zeroThreshold))
            ) == "sessionParameters.SAT")
    }
}
