import Testing

@testable import MHubDNSSD

/// `_meshcop._udp` against reference A.4: instance name, key order and the binary encodings.
@Suite struct BorderAgentAdvertisementTests {
    let extendedAddress: [UInt8] = [0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC, 0xDE, 0xF0]
    let extendedPANID: [UInt8] = [0xDE, 0xAD, 0x00, 0xBE, 0xEF, 0x00, 0xCA, 0xFE]

    @Test func stateBitmapExamplesOfTheReference() {
        #expect(BorderAgentStateBitmap(role: .leader).rawValue == 0x0000_0631)
        #expect(BorderAgentStateBitmap(role: .router).rawValue == 0x0000_0431)
        let bbr = BorderAgentStateBitmap(
            connectionMode: .pskc, interfaceStatus: .active, backboneRouterActive: true, backboneRouterPrimary: true,
            role: .leader, ephemeralKeySupported: true)
        #expect(bbr.rawValue == 0x0000_0FB1)
    }

    @Test func stateBitmapFollowsOpenThreadRoleMapping() {
        #expect(BorderAgentStateBitmap(role: .disabled).rawValue == 0x21)  // PSKc, not initialized, high
        #expect(BorderAgentStateBitmap(role: .detached).rawValue == 0x29)  // initialized
        #expect(BorderAgentStateBitmap(role: .child).rawValue == 0x231)
        #expect(BorderAgentStateBitmap(role: .leader, borderAgentRunning: false).rawValue == 0x630)
        let x509 = BorderAgentStateBitmap(
            connectionMode: .x509, interfaceStatus: .initialized, availability: .infrequent, role: .disabledOrDetached)
        #expect(x509.rawValue == 0x0C)
    }

    @Test func minimalAgentHasRecordVersionStateVersionAndAddress() throws {
        let service = try BorderAgentAdvertisement(
            instanceBaseName: "mhub Border Router", threadVersion: "1.4.0",
            state: BorderAgentStateBitmap(role: .disabled),
            extendedAddress: extendedAddress
        ).service()
        #expect(service.type == "_meshcop._udp")
        #expect(service.instanceName == "mhub Border Router #DEF0")
        #expect(service.port == 49152)
        #expect(service.subtypes.isEmpty)
        #expect(service.txt.map(\.key) == ["rv", "sb", "tv", "xa"])
        #expect(service.txtValue("rv") == Array("1".utf8))
        #expect(service.txtValue("sb") == [0x00, 0x00, 0x00, 0x21])
        #expect(service.txtValue("tv") == Array("1.4.0".utf8))
        #expect(service.txtValue("xa") == extendedAddress)
    }

    @Test func fullAgentHasEveryKeyInOpenThreadOrderWithBinaryValues() throws {
        let agentID: [UInt8] = Array(0..<16)
        let service = try BorderAgentAdvertisement(
            instanceBaseName: "OpenThread Border Router", port: 49191, agentID: agentID, threadVersion: "1.4.0",
            state: BorderAgentStateBitmap(role: .leader), extendedAddress: extendedAddress,
            network: .init(extendedPANID: extendedPANID, name: "MyHome"), partitionID: 0x1234_5678,
            activeTimestamp: ThreadTimestamp(seconds: 1, ticks: 0, authoritative: false),
            backboneRouter: .init(sequenceNumber: 7), domainName: "DefaultDomain",
            omrPrefix: .init(length: 64, prefix: [0xFD, 0x11, 0x22, 0x33, 0x44, 0x55, 0x00, 0x01]),
            vendorName: "mhub", modelName: "Mock Hub", vendorOUI: [0x00, 0x1B, 0x63],
            vendorEntries: [DNSSDTXTEntry("vx", [0xFF])]
        ).service()
        #expect(
            service.txt.map(\.key) == [
                "id", "rv", "sb", "tv", "xa", "xp", "nn", "pt", "at", "sq", "bb", "dn", "omr", "vn", "mn", "vo", "vx",
            ])
        #expect(service.port == 49191)
        #expect(service.txtValue("id") == agentID)
        #expect(service.txtValue("sb") == [0x00, 0x00, 0x06, 0x31])
        #expect(service.txtValue("xp") == extendedPANID)
        #expect(service.txtValue("nn") == Array("MyHome".utf8))
        #expect(service.txtValue("pt") == [0x12, 0x34, 0x56, 0x78])
        #expect(service.txtValue("at") == [0, 0, 0, 0, 0, 1, 0, 0])
        #expect(service.txtValue("sq") == [7])
        #expect(service.txtValue("bb") == [0xF0, 0xBF])  // 61631
        #expect(service.txtValue("dn") == Array("DefaultDomain".utf8))
        #expect(service.txtValue("omr") == [64, 0xFD, 0x11, 0x22, 0x33, 0x44, 0x55, 0x00, 0x01])
        #expect(service.txtValue("vn") == Array("mhub".utf8))
        #expect(service.txtValue("mn") == Array("Mock Hub".utf8))
        #expect(service.txtValue("vo") == [0x00, 0x1B, 0x63])
        #expect(service.txtValue("vx") == [0xFF])
        #expect(service.txt.first { $0.key == "sb" }?.bytes == Array("sb=".utf8) + [0, 0, 6, 0x31])
    }

    @Test func timestampPacksSecondsTicksAndAuthoritativeBit() throws {
        #expect(
            try ThreadTimestamp(seconds: 0x0102_0304_0506, ticks: 0x7FFF, authoritative: true).bytes()
                == [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0xFF, 0xFF])
        #expect(try ThreadTimestamp(seconds: 0, ticks: 1, authoritative: false).bytes() == [0, 0, 0, 0, 0, 0, 0, 2])
        #expect(throws: DNSSDError.self) { try ThreadTimestamp(seconds: 1 << 48).bytes() }
        #expect(throws: DNSSDError.self) { try ThreadTimestamp(seconds: 0, ticks: 1 << 15).bytes() }
    }

    @Test func invalidInputsAreNamed() {
        let valid = BorderAgentAdvertisement(
            instanceBaseName: "BR", threadVersion: "1.4.0", state: BorderAgentStateBitmap(role: .leader),
            extendedAddress: extendedAddress)
        func field(_ change: (inout BorderAgentAdvertisement) -> Void) -> String? {
            var advertisement = valid
            change(&advertisement)
            do throws(DNSSDError) {
                _ = try advertisement.service()
                return nil
            } catch {
                return error.field
            }
        }
        #expect(field { _ in } == nil)
        #expect(field { $0.extendedAddress = [1, 2, 3] } == "extendedAddress")
        #expect(field { $0.agentID = [1] } == "agentID")
        #expect(field { $0.network = .init(extendedPANID: [1], name: "x") } == "network.extendedPANID")
        #expect(
            field { $0.network = .init(extendedPANID: self.extendedPANID, name: String(repeating: "n", count: 17)) }
                == "network.name")
        #expect(field { $0.vendorOUI = [1, 2] } == "vendorOUI")
        #expect(field { $0.omrPrefix = .init(length: 0, prefix: Array(repeating: 0, count: 8)) } == "omrPrefix.length")
        #expect(field { $0.vendorEntries = [DNSSDTXTEntry("xx", "1")] } == "vendorEntries")
        #expect(
            field {
                $0.vendorEntries = [DNSSDTXTEntry("vn", "again")]
                $0.vendorName = "mhub"
            } == "txt[\"vn\"]")
        #expect(field { $0.instanceBaseName = String(repeating: "b", count: 58) } == "instanceBaseName")
        #expect(field { $0.threadVersion = "" } == "threadVersion")
    }
}
