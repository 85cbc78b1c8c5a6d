import Testing

@testable import MHubDNSSD

/// `_matterc._udp` against reference A.1: instance name, subtypes, TXT keys and value formats.
@Suite struct CommissionableNodeAdvertisementTests {
    let full = CommissionableNodeAdvertisement(
        instanceIdentifier: 0x87E1_B004_E235_A130, discriminator: 3840, commissioningMode: .basic, vendorID: 65521,
        productID: 32769, deviceType: 257, deviceName: "Kitchen Lamp", pairingHint: 33)

    @Test func fullServiceHasEveryRecordInCHIPOrder() throws {
        let service = try full.service()
        #expect(service.type == "_matterc._udp")
        #expect(service.instanceName == "87E1B004E235A130")
        #expect(service.port == 5540)
        #expect(service.subtypes == ["_V65521", "_T257", "_S15", "_L3840", "_CM"])
        #expect(
            service.subtypeServiceTypes == [
                "_V65521._sub._matterc._udp", "_T257._sub._matterc._udp", "_S15._sub._matterc._udp",
                "_L3840._sub._matterc._udp", "_CM._sub._matterc._udp",
            ])
        #expect(
            service.txt.map(\.description) == [
                "VP=65521+32769", "DT=257", "DN=Kitchen Lamp", "D=3840", "CM=1", "PH=33",
            ])
        #expect(service.collisionPolicy == .alternativeName)
    }

    @Test func minimalServiceHasOnlyDiscriminatorAndMode() throws {
        let service = try CommissionableNodeAdvertisement(
            instanceIdentifier: 0x0A, discriminator: 5, commissioningMode: .disabled
        ).service()
        #expect(service.instanceName == "000000000000000A")
        #expect(service.subtypes == ["_S0", "_L5"])
        #expect(service.txt.map(\.description) == ["D=5", "CM=0"])
    }

    @Test func vendorWithoutProductIsVendorAlone() throws {
        let service = try CommissionableNodeAdvertisement(
            instanceIdentifier: 1, discriminator: 1, commissioningMode: .enhanced, vendorID: 123
        ).service()
        #expect(service.txtValue("VP") == Array("123".utf8))
        #expect(service.txtValue("CM") == Array("2".utf8))
        #expect(service.subtypes == ["_V123", "_S0", "_L1", "_CM"])
    }

    @Test func shortDiscriminatorIsTheUpperFourBits() {
        let values: [(UInt16, UInt16)] = [(0, 0), (0xFF, 0), (0x100, 1), (0xF00, 15), (0xFFF, 15), (3840, 15)]
        for (long, short) in values {
            let advertisement = CommissionableNodeAdvertisement(
                instanceIdentifier: 1, discriminator: long, commissioningMode: .basic)
            #expect(advertisement.shortDiscriminator == short)
        }
    }

    @Test func commonKeysFollowProductKeys() throws {
        var advertisement = full
        advertisement.common = MatterCommonTXT(
            sessionParameters: MatterSessionParameters(idleInterval: 5000, activeInterval: 300, activeThreshold: 4000),
            tcp: [.client, .server], icd: .shortIdleTime)
        advertisement.rotatingDeviceID = [0x00, 0x01, 0xAB, 0xCD]
        advertisement.pairingHint = 1 << 4
        advertisement.pairingInstruction = "Press twice"
        let keys = try advertisement.service().txt.map(\.key)
        #expect(keys == ["VP", "DT", "DN", "SII", "SAI", "SAT", "T", "ICD", "D", "CM", "RI", "PH", "PI"])
        let service = try advertisement.service()
        #expect(service.txtValue("SII") == Array("5000".utf8))
        #expect(service.txtValue("SAI") == Array("300".utf8))
        #expect(service.txtValue("SAT") == Array("4000".utf8))
        #expect(service.txtValue("T") == Array("6".utf8))
        #expect(service.txtValue("ICD") == Array("0".utf8))
        #expect(service.txtValue("RI") == Array("0001ABCD".utf8))
        #expect(service.txtValue("PH") == Array("16".utf8))
        #expect(service.txtValue("PI") == Array("Press twice".utf8))
    }

    @Test func invalidInputsAreNamed() {
        func field(_ change: (inout CommissionableNodeAdvertisement) -> Void) -> String? {
            var advertisement = full
            change(&advertisement)
            do throws(DNSSDError) {
                _ = try advertisement.service()
                return nil
            } catch {
                return error.field
            }
        }
        #expect(field { $0.discriminator = 4096 } == "discriminator")
        #expect(field { $0.vendorID = nil } == "productID")
        #expect(field { $0.vendorID = 0 } == "vendorID")
        #expect(field { $0.productID = 0 } == "productID")
        #expect(field { $0.deviceName = String(repeating: "x", count: 33) } == "deviceName")
        #expect(field { $0.deviceName = "" } == "deviceName")
        #expect(field { $0.deviceName = String(repeating: "é", count: 16) } == nil)
        #expect(field { $0.deviceName = String(repeating: "é", count: 17) } == "deviceName")
        #expect(field { $0.rotatingDeviceID = Array(repeating: 1, count: 51) } == "rotatingDeviceID")
        #expect(field { $0.rotatingDeviceID = [] } == "rotatingDeviceID")
        #expect(field { $0.pairingHint = 1 << 20 } == "pairingHint")
        #expect(field { $0.pairingHint = 1 << 8 } == "pairingInstruction")
        #expect(field { $0.pairingInstruction = String(repeating: "p", count: 129) } == "pairingInstruction")
    }
}
