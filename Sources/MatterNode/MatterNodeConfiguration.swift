import MatterCredentials
import MatterDataModel

/// What the node is made with: its Basic Information, its attestation identity, its timeouts and limits.
///
/// Basic Information's VendorID and ProductID must be the attestation identity's (matter-commissionee.md §10: a
/// controller compares the CD's with what it read), so the owner builds both from the same configuration keys.
public struct MatterNodeConfiguration: Sendable {
    /// Endpoint 0's Basic Information cluster (0x0028).
    public var basicInformation: ClusterTemplate
    public var attestation: AttestationIdentity
    /// How long a PASE handshake may take, and a PASE session may stay silent (CHIP
    /// `kPASESessionEstablishmentTimeout`, 60 s).
    public var paseTimeoutMilliseconds: UInt64
    public var limits: MatterSessionLimits

    public init(
        basicInformation: ClusterTemplate, attestation: AttestationIdentity, paseTimeoutMilliseconds: UInt64 = 60_000,
        limits: MatterSessionLimits = MatterSessionLimits()
    ) {
        self.basicInformation = basicInformation
        self.attestation = attestation
        self.paseTimeoutMilliseconds = paseTimeoutMilliseconds
        self.limits = limits
    }
}
