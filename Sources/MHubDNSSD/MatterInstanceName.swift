/// Matter's instance names (reference A.1 and A.3).
public enum MatterInstanceName {
    /// A commissionable or commissioner instance name: the 64-bit random `identifier` as 16 uppercase hex
    /// digits (CHIP `Commission::kInstanceNameMaxLength = 16`, `BytesToUppercaseHexString`; matter.js
    /// `createInstanceId()`).
    ///
    /// The same identifier names the `_matterc` and `_matterd` instances (CHIP shares
    /// `mCommissionableInstanceName`); draw a new one when a commissioning window opens.
    public static func commissionable(_ identifier: UInt64) -> String {
        uppercaseHex(identifier, digits: 16)
    }

    /// A fresh commissionable identifier from `generator` (CHIP `GetRandU64()`).
    public static func randomIdentifier(using generator: inout some RandomNumberGenerator) -> UInt64 {
        generator.next()
    }

    /// A fresh commissionable identifier from the system's random source.
    public static func randomIdentifier() -> UInt64 {
        var generator = SystemRandomNumberGenerator()
        return randomIdentifier(using: &generator)
    }

    /// The operational instance name `<CompressedFabricId>-<NodeId>`, each 16 uppercase hex digits
    /// (CHIP `ServiceNaming.cpp` `MakeInstanceName`: `"%08X%08X-%08X%08X"`).
    public static func operational(compressedFabricID: UInt64, nodeID: UInt64) -> String {
        "\(uppercaseHex(compressedFabricID, digits: 16))-\(uppercaseHex(nodeID, digits: 16))"
    }
}
