/// The DNS-SD service types and default ports of Matter (reference A.0).
///
/// Service names from CHIP `src/lib/dnssd/ServiceNaming.h` (`kCommissionableServiceName`,
/// `kCommissionerServiceName`, `kOperationalServiceName`); ports from CHIP `src/lib/core/CHIPConfig.h`.
public enum MatterServiceType {
    /// A commissionable node (reference A.1).
    public static let commissionable = "_matterc._udp"
    /// A commissioner offering user-directed commissioning (reference A.2).
    public static let commissioner = "_matterd._udp"
    /// An operational node on a fabric (reference A.3).
    public static let operational = "_matter._tcp"

    /// `CHIP_PORT`: the secured port `_matterc` and `_matter` advertise.
    public static let securedPort: UInt16 = 5540
    /// `CHIP_UDC_PORT` = `CHIP_PORT + 10`: the unsecured user-directed-commissioning port `_matterd` advertises.
    public static let userDirectedCommissioningPort: UInt16 = 5550
}
