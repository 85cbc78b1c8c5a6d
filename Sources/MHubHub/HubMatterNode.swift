import MHubConfiguration
import MHubProtocol
import MatterDataModel

/// The Basic Information cluster (0x0028) of the hub's own Matter node, endpoint 0.
///
/// VendorID, ProductID and NodeLabel (the hub's name), VendorName, ProductName and SerialNumber come from `hub.*`
/// (docs/configuration.md); SoftwareVersionString is mhub's version and SoftwareVersion the same as
/// major·2^16 + minor·2^8 + patch; UniqueID is derived from the vendor, product and serial number, so it stays
/// the same across restarts. The other attributes keep the cluster's defaults (MatterDataModel
/// `ClusterDefinition.basicInformation`), and the global attributes follow from the definition.
public enum HubMatterNode {
    public static func basicInformation(identity: HubIdentity, version: String = MHubVersion.string) -> ClusterTemplate
    {
        ClusterTemplate(
            .basicInformation,
            overrides: [
                0x0001: .string(identity.vendorName),
                0x0002: .unsigned(UInt64(identity.vendorID)),
                0x0003: .string(identity.productName),
                0x0004: .unsigned(UInt64(identity.productID)),
                0x0005: .string(identity.name),
                0x0009: .unsigned(UInt64(softwareVersion(version))),
                0x000A: .string(version),
                0x000E: .string(identity.productName),
                0x000F: .string(identity.serialNumber),
                0x0012: .string(uniqueID(identity)),
            ])
    }

    /// "1.2.3" as 0x010203; parts that are not numbers count as 0.
    static func softwareVersion(_ version: String) -> UInt32 {
        let parts = version.split(separator: ".").prefix(3).map { UInt32($0).map { min($0, 255) } ?? 0 }
        return parts.reduce(0) { $0 << 8 | $1 } << (8 * UInt32(3 - parts.count))
    }

    /// 16 hexadecimal digits of FNV-1a over vendor, product and serial number: stable, and not the serial itself.
    static func uniqueID(_ identity: HubIdentity) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in Array("\(identity.vendorID)/\(identity.productID)/\(identity.serialNumber)".utf8) {
            hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01B3
        }
        let digits = String(hash, radix: 16, uppercase: true)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
