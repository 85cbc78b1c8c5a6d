import MatterCredentials
import MatterCrypto
import MatterDataModel

/// One fabric the hub has joined as a commissionee: what AddNOC (or UpdateNOC) installed, kept as it was received,
/// and what follows from it (Matter Core Specification 11.18; matter-commissionee.md §4.3).
///
/// The certificates are the Matter TLV bytes the controller sent, because CASE sends them back unchanged.
public struct FabricRecord: Hashable, Sendable {
    /// 1–254, unique while the fabric exists (Matter Core Specification 7.5.2, FabricIndex).
    public var fabricIndex: UInt8
    public var rootCertificate: [UInt8]
    public var intermediateCertificate: [UInt8]?
    public var operationalCertificate: [UInt8]
    /// The operational key pair's 32-byte private scalar, made for CSRRequest (a secret: never logged).
    public var operationalPrivateKey: [UInt8]
    /// IPKValue of AddNOC: the epoch key of the fabric's identity protection key set (16 bytes).
    public var identityProtectionEpochKey: [UInt8]
    /// AdminVendorId of AddNOC.
    public var vendorID: UInt16
    /// UpdateFabricLabel's label, 0–32 bytes.
    public var label: String
    /// The access control entries of this fabric, the first made by AddNOC for CaseAdminSubject.
    public var accessControl: [AccessControlEntry]

    public init(
        fabricIndex: UInt8, rootCertificate: [UInt8], intermediateCertificate: [UInt8]?,
        operationalCertificate: [UInt8],
        operationalPrivateKey: [UInt8], identityProtectionEpochKey: [UInt8], vendorID: UInt16, label: String,
        accessControl: [AccessControlEntry]
    ) {
        self.fabricIndex = fabricIndex
        self.rootCertificate = rootCertificate
        self.intermediateCertificate = intermediateCertificate
        self.operationalCertificate = operationalCertificate
        self.operationalPrivateKey = operationalPrivateKey
        self.identityProtectionEpochKey = identityProtectionEpochKey
        self.vendorID = vendorID
        self.label = label
        self.accessControl = accessControl
    }

    /// What the certificates say, checked: the chain validates and the NOC holds the operational key.
    public func identity() throws -> FabricIdentityFacts {
        let chain = try OperationalCertificateChain(
            rcac: rootCertificate, icac: intermediateCertificate, noc: operationalCertificate, at: nil)
        guard try P256KeyPair(privateKey: operationalPrivateKey).publicKey == chain.nodePublicKey else {
            throw FabricRecordError.operationalKeyMismatch
        }
        let compressed = FabricKeys.compressedFabricID(rootPublicKey: chain.rootPublicKey, fabricID: chain.fabricID)
        return FabricIdentityFacts(
            fabricID: chain.fabricID, nodeID: chain.nodeID, rootPublicKey: chain.rootPublicKey,
            compressedFabricID: compressed,
            identityProtectionKey: try FabricKeys.operationalGroupKey(
                epochKey: identityProtectionEpochKey, compressedFabricID: compressed))
    }
}

public enum FabricRecordError: Error, Hashable, Sendable {
    /// The NOC's public key is not the stored operational key's.
    case operationalKeyMismatch
}

/// What a fabric's certificates and IPK give: the IDs, the root key, and the keys derived from them.
public struct FabricIdentityFacts: Hashable, Sendable {
    public var fabricID: UInt64
    public var nodeID: UInt64
    public var rootPublicKey: P256Point
    /// HKDF of the root public key and the fabric ID (Matter Core Specification 4.3.2.2).
    public var compressedFabricID: UInt64
    /// The operational group key derived from the IPK epoch key, which CASE uses (Matter Core Specification 4.15.2).
    public var identityProtectionKey: [UInt8]
}

/// One Access Control entry (Matter Core Specification 9.10.5.3, AccessControlEntryStruct).
public struct AccessControlEntry: Hashable, Sendable {
    /// The privilege an entry grants (MatterDataModel's, which the clusters' definitions use too).
    public typealias Privilege = AccessPrivilege

    public enum AuthMode: UInt8, Hashable, Sendable {
        case pase = 1
        case `case` = 2
        case group = 3
    }

    /// A target: a cluster, an endpoint, or a device type (each `nil` is "any"; not all three `nil`).
    public struct Target: Hashable, Sendable {
        public var cluster: UInt32?
        public var endpoint: UInt16?
        public var deviceType: UInt32?

        public init(cluster: UInt32?, endpoint: UInt16?, deviceType: UInt32?) {
            self.cluster = cluster
            self.endpoint = endpoint
            self.deviceType = deviceType
        }
    }

    public var privilege: Privilege
    public var authMode: AuthMode
    /// Operational node IDs or CASE Authenticated Tags (0xFFFF_FFFD_xxxx_xxxx); `nil`/empty is "any subject".
    public var subjects: [UInt64]?
    /// `nil` is "every target".
    public var targets: [Target]?
    public var fabricIndex: UInt8

    public init(privilege: Privilege, authMode: AuthMode, subjects: [UInt64]?, targets: [Target]?, fabricIndex: UInt8) {
        self.privilege = privilege
        self.authMode = authMode
        self.subjects = subjects
        self.targets = targets
        self.fabricIndex = fabricIndex
    }
}
