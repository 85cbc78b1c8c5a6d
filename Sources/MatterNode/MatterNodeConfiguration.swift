import MatterCredentials
import MatterDataModel

/// What the node is made with: its layout, its Basic Information, its attestation identity, its timeouts and limits.
///
/// Basic Information's VendorID and ProductID must be the attestation identity's (matter-commissionee.md §10: a
/// controller compares the CD's with what it read), so the owner builds both from the same configuration keys.
public struct MatterNodeConfiguration: Sendable {
    /// The endpoints above 0: the hub's bridge, or one device's own.
    public var layout: MatterNodeLayout
    /// Endpoint 0's Basic Information cluster (0x0028).
    public var basicInformation: ClusterTemplate
    public var attestation: AttestationIdentity
    /// How long a PASE handshake may take, and a PASE session may stay silent (CHIP
    /// `kPASESessionEstablishmentTimeout`, 60 s).
    public var paseTimeoutMilliseconds: UInt64
    public var limits: MatterSessionLimits

    public init(
        layout: MatterNodeLayout = .bridge, basicInformation: ClusterTemplate, attestation: AttestationIdentity,
        paseTimeoutMilliseconds: UInt64 = 60_000, limits: MatterSessionLimits = MatterSessionLimits()
    ) {
        self.layout = layout
        self.basicInformation = basicInformation
        self.attestation = attestation
        self.paseTimeoutMilliseconds = paseTimeoutMilliseconds
        self.limits = limits
    }

    /// The Basic Information of a device's own node (`MatterNodeLayout.device`): the device's, its endpoint 0's
    /// values as the data model made them from its identity, so a controller reads the device's vendor, product,
    /// serial number and UniqueID, not the hub's.
    public static func basicInformation(of device: NodeData) -> ClusterTemplate {
        ClusterTemplate(
            .basicInformation,
            overrides: device.endpoints[0]?.clusters[ClusterDefinition.basicInformation.id]?.attributes ?? [:])
    }
}
