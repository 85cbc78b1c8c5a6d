import MatterCredentials
import MatterCrypto

/// One fabric of a node as CASE needs it: the node's certificates on the fabric, its operational key, the
/// fabric's IPK and root (to validate peers' chains).
///
/// Both sides of CASE are described this way: the responder matches Sigma1 against its fabrics, the initiator
/// names its own (Matter reference §4.3, §5).
public struct CASEFabric: Sendable {
    /// Why certificates and keys do not make a fabric.
    public enum ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
        /// Fabric indices are 1 to 254 (0 means "no fabric").
        case invalidFabricIndex(UInt8)
        case invalidCertificates(CertificateValidationError)
        /// The NOC's public key is not the operational key's.
        case operationalKeyMismatch
        /// The IPK (the operational group key) is 16 bytes.
        case invalidIPKLength(Int)

        public var description: String {
            switch self {
            case .invalidFabricIndex(let index): "fabric index \(index) is not in 1…254"
            case .invalidCertificates(let error): "the fabric's certificates are not valid: \(error)"
            case .operationalKeyMismatch: "the NOC's public key is not the operational key's"
            case .invalidIPKLength(let count): "the IPK must be 16 bytes long, not \(count)"
            }
        }
    }

    public let fabricIndex: UInt8
    /// The fabric's root (Matter TLV), under which peers' chains are validated.
    public let rcac: [UInt8]
    /// This node's ICAC and NOC (Matter TLV), sent as they are in TBEData2/TBEData3.
    public let icac: [UInt8]?
    public let noc: [UInt8]
    /// The IPK: the operational group key derived from the epoch key AddNOC gave (Matter reference §4.3), not
    /// the epoch key itself.
    public let ipk: [UInt8]
    public let operationalKey: P256KeyPair
    public let rootPublicKey: P256Point
    public let fabricID: UInt64
    /// This node's operational node ID (from its NOC).
    public let nodeID: UInt64

    /// Checks the chain RCAC → [ICAC →] NOC (without validity times, as AddNOC does) and that the NOC holds
    /// the operational key's public key; the root key, fabric ID and node ID come from the chain.
    public init(
        fabricIndex: UInt8, rcac: [UInt8], icac: [UInt8]?, noc: [UInt8], ipk: [UInt8], operationalKey: P256KeyPair
    ) throws(ConfigurationError) {
        guard (1...254).contains(fabricIndex) else { throw .invalidFabricIndex(fabricIndex) }
        guard ipk.count == AES128CCM.keyByteCount else { throw .invalidIPKLength(ipk.count) }
        let chain: OperationalCertificateChain
        do {
            chain = try OperationalCertificateChain(rcac: rcac, icac: icac, noc: noc, at: nil)
        } catch {
            throw .invalidCertificates(error)
        }
        guard chain.nodePublicKey == operationalKey.publicKey else { throw .operationalKeyMismatch }
        self.init(
            fabricIndex: fabricIndex, rcac: rcac, icac: icac, noc: noc, ipk: ipk, operationalKey: operationalKey,
            rootPublicKey: chain.rootPublicKey, fabricID: chain.fabricID, nodeID: chain.nodeID)
    }

    /// Every field as given, unchecked: for tests that need a fabric whose parts disagree.
    init(
        fabricIndex: UInt8, rcac: [UInt8], icac: [UInt8]?, noc: [UInt8], ipk: [UInt8], operationalKey: P256KeyPair,
        rootPublicKey: P256Point, fabricID: UInt64, nodeID: UInt64
    ) {
        self.fabricIndex = fabricIndex
        self.rcac = rcac
        self.icac = icac
        self.noc = noc
        self.ipk = ipk
        self.operationalKey = operationalKey
        self.rootPublicKey = rootPublicKey
        self.fabricID = fabricID
        self.nodeID = nodeID
    }
}
