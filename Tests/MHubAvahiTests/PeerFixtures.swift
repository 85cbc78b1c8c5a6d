import Foundation
import MHubAvahi
import MHubDNSSD

/// Services with names unique to one test run, so runs and other users of the daemon do not meet.
struct PeerFixtures {
    let identifier = MatterInstanceName.randomIdentifier()
    let discriminator = UInt16.random(in: 0...0xFFF)
    let compressedFabricID = UInt64.random(in: 1...UInt64.max)
    let suffix = String(UInt32.random(in: 0...UInt32.max), radix: 16)

    func commissionable(mode: MatterCommissioningMode = .basic) throws -> DNSSDService {
        try CommissionableNodeAdvertisement(
            instanceIdentifier: identifier, discriminator: discriminator, commissioningMode: mode, vendorID: 65521,
            productID: 32769, deviceType: 257, deviceName: "mhub peer test", pairingHint: 33
        ).service()
    }

    func commissioner() throws -> DNSSDService {
        try CommissionerAdvertisement(
            instanceIdentifier: identifier, vendorID: 65521, productID: 32768, deviceType: 35, deviceName: "mhub"
        ).service()
    }

    func operational(nodeID: UInt64 = 0x1B) throws -> DNSSDService {
        try OperationalAdvertisement(
            compressedFabricID: compressedFabricID, nodeID: nodeID,
            common: MatterCommonTXT(
                sessionParameters: MatterSessionParameters(
                    idleInterval: 800, activeInterval: 300, activeThreshold: 4000),
                tcp: [.client])
        ).service()
    }

    func borderAgent() throws -> DNSSDService {
        try BorderAgentAdvertisement(
            instanceBaseName: "mhub test \(suffix)", threadVersion: "1.4.0",
            state: BorderAgentStateBitmap(role: .leader),
            extendedAddress: [0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC, 0xDE, 0xF0],
            network: .init(extendedPANID: [0xDE, 0xAD, 0x00, 0xBE, 0xEF, 0x00, 0xCA, 0xFE], name: "mhub-\(suffix)"),
            partitionID: 0x1234_5678, activeTimestamp: ThreadTimestamp(seconds: 1), vendorName: "mhub",
            modelName: "Mock Hub"
        ).service()
    }
}
