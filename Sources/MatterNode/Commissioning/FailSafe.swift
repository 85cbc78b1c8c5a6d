import MatterCrypto
import MatterMessage

/// The armed fail-safe: until when, for whom, and what was added under it (Matter Core Specification 11.10.7.2
/// ArmFailSafe; CHIP `src/app/FailSafeContext.h`).
///
/// Everything here is undone when it expires, when the PASE session it was armed on closes first (CHIP's
/// `CommissioningWindowManager` evicts that session and expires the fail-safe with it), or on ArmFailSafe(0);
/// CommissioningComplete commits it.
struct FailSafe: Sendable {
    /// The operational key a CSRRequest made, waiting for its NOC.
    struct PendingKey: Sendable {
        var key: P256KeyPair
        var forUpdateNOC: Bool
    }

    var deadline: MonotonicInstant
    /// No re-arming goes past this: MaxCumulativeFailsafeSeconds after it was first armed.
    var cumulativeDeadline: MonotonicInstant
    /// The accessing fabric it belongs to: the one that armed it (0 over PASE before AddNOC), then AddNOC's new one
    /// (CHIP `FailSafeContext::SetAddNocCommandInvoked`).
    var fabricIndex: UInt8
    /// The PASE session it was armed on, if any.
    var paseSessionID: UInt16?
    var rootCertificate: [UInt8]?
    var operationalKey: PendingKey?
    /// The fabric AddNOC added, or UpdateNOC changed.
    var addedFabric: UInt8?
    var updatedFabric: UInt8?

    var nocInvoked: Bool { addedFabric != nil || updatedFabric != nil }

    /// Whether the fail-safe is armed for the accessing fabric `fabricIndex` (CHIP `IsFailSafeArmed(FabricIndex)`).
    func belongs(to fabricIndex: UInt8) -> Bool {
        self.fabricIndex == fabricIndex
    }
}
