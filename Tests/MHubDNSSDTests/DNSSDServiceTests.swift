import Testing

@testable import MHubDNSSD

/// The generic DNS-SD rules every service is checked against, and instance-name helpers.
@Suite struct DNSSDServiceTests {
    @Test func instanceNamesAreUppercaseHex() {
        #expect(MatterInstanceName.commissionable(0) == "0000000000000000")
        #expect(MatterInstanceName.commissionable(.max) == "FFFFFFFFFFFFFFFF")
        #expect(
            MatterInstanceName.operational(compressedFabricID: 0x87E1_B004_E235_A130, nodeID: 0xABCDEF)
                == "87E1B004E235A130-0000000000ABCDEF")
        var generator = SplitMix(seed: 1)
        let identifier = MatterInstanceName.randomIdentifier(using: &generator)
        #expect(MatterInstanceName.commissionable(identifier).count == 16)
        #expect(MatterInstanceName.randomIdentifier() != MatterInstanceName.randomIdentifier())
    }

    @Test func txtEntriesAreKeyEqualsValue() {
        #expect(DNSSDTXTEntry("D", "3840").bytes == Array("D=3840".utf8))
        #expect(DNSSDTXTEntry("xa", [0, 0xFF]).bytes == [0x78, 0x61, 0x3D, 0x00, 0xFF])
        #expect(DNSSDTXTEntry("xa", [0, 0xFF]).description == "xa=0x00FF")
    }

    @Test func genericRulesAreChecked() {
        func field(_ service: DNSSDService) -> String? {
            do throws(DNSSDError) {
                try service.validate()
                return nil
            } catch {
                return error.field
            }
        }
        let valid = DNSSDService(type: "_matterc._udp", instanceName: "A", port: 1)
        #expect(field(valid) == nil)
        #expect(field(valid.renamed("")) == "instanceName")
        #expect(field(valid.renamed(String(repeating: "n", count: 64))) == "instanceName")
        #expect(field(valid.renamed(String(repeating: "n", count: 63))) == nil)
        for type in [
            "matterc._udp", "_matterc._sctp", "_matterc", "_._udp", "_a_b._tcp", "_abcdefghijklmnop._tcp", "_-a._udp",
        ] {
            var service = valid
            service.type = type
            #expect(field(service) == "type", "\(type)")
        }
        var service = valid
        service.txt = [DNSSDTXTEntry("D", "1"), DNSSDTXTEntry("d", "2")]
        #expect(field(service) == "txt[\"d\"]")
        service.txt = [DNSSDTXTEntry("", "1")]
        #expect(field(service) == "txt[\"\"]")
        service.txt = [DNSSDTXTEntry("a=b", "1")]
        #expect(field(service) == "txt[\"a=b\"]")
        service.txt = [DNSSDTXTEntry("k", Array(repeating: 0, count: 253))]
        #expect(field(service) == nil)
        service.txt = [DNSSDTXTEntry("k", Array(repeating: 0, count: 254))]
        #expect(field(service) == "txt[\"k\"]")
        service.txt = []
        service.subtypes = ["_a.b"]
        #expect(field(service) == "subtypes")
        service.subtypes = []
        service.interfaces = [1, 2]
        #expect(field(service) == nil)
        #expect(service.description.hasSuffix(" interfaces 1,2"))
        service.interfaces = [2, 2]
        #expect(field(service) == "interfaces")
        service.interfaces = [0]
        #expect(field(service) == "interfaces")
    }

    @Test func aRenamedServiceKeepsItsInterfacesAndItsKeyIgnoresThem() {
        let service = DNSSDService(type: "_matterc._udp", instanceName: "A", port: 1, interfaces: [3])
        #expect(service.renamed("A #2").interfaces == [3])
        var everywhere = service
        everywhere.interfaces = []
        #expect(everywhere.key == service.key && everywhere != service)
    }
}

/// A small deterministic generator for tests.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
