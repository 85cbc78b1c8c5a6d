/// The `ICD` key of a device that supports the Long Idle Time feature set (reference A.1).
public enum MatterICDMode: UInt8, Hashable, Sendable {
    /// `ICD=0`: supports LIT, operating as a Short Idle Time ICD.
    case shortIdleTime = 0
    /// `ICD=1`: operating as a Long Idle Time ICD; `SII` is then left out.
    case longIdleTime = 1
}
