import MHubTestSupport
import MatterCrypto
import MatterTestSupport
import Testing

@testable import MatterSecureChannel

/// What makes certificates and keys a fabric the responder can use.
@Suite struct CASEFabricTests {
    let fabric = CASETestWorld.first.hub

    @Test func identityComesFromTheChain() {
        #expect(fabric.fabricID == 0xFAB1)
        #expect(fabric.nodeID == 0x1001)
        #expect(fabric.rootPublicKey == CASETestWorld.first.root.key.publicKey)
    }

    @Test func inconsistentPartsAreRefused() throws {
        var random = SeededGenerator(seed: 1)
        #expect(throws: CASEFabric.ConfigurationError.operationalKeyMismatch) {
            try CASEFabric(
                fabricIndex: 1, rcac: fabric.rcac, icac: fabric.icac, noc: fabric.noc, ipk: fabric.ipk,
                operationalKey: P256KeyPair.random(using: &random))
        }
        #expect(throws: CASEFabric.ConfigurationError.invalidIPKLength(15)) {
            try CASEFabric(
                fabricIndex: 1, rcac: fabric.rcac, icac: fabric.icac, noc: fabric.noc,
                ipk: Array(fabric.ipk.dropLast()), operationalKey: fabric.operationalKey)
        }
        for index: UInt8 in [0, 255] {
            #expect(throws: CASEFabric.ConfigurationError.invalidFabricIndex(index)) {
                try CASEFabric(
                    fabricIndex: index, rcac: fabric.rcac, icac: fabric.icac, noc: fabric.noc, ipk: fabric.ipk,
                    operationalKey: fabric.operationalKey)
            }
        }
        // The NOC without the ICAC that issued it.
        #expect(throws: CASEFabric.ConfigurationError.invalidCertificates(.issuerMismatch("NOC"))) {
            try CASEFabric(
                fabricIndex: 1, rcac: fabric.rcac, icac: nil, noc: fabric.noc, ipk: fabric.ipk,
                operationalKey: fabric.operationalKey)
        }
    }
}
