/// A commissioning window an administrator opened with AdministratorCommissioning (Matter Core Specification
/// 11.19.8): for the hub, which owns the window, to open. Enhanced windows carry the commissioner's PAKE verifier
/// (w0 ‖ L, 97 bytes), never a passcode; basic ones use the hub's configured passcode.
public struct MatterAdministratorWindow: Hashable, Sendable {
    public enum Method: Hashable, Sendable {
        case enhanced(verifier: [UInt8], discriminator: UInt16, iterations: UInt32, salt: [UInt8])
        case basic
    }

    public var method: Method
    public var timeoutSeconds: UInt16
    /// The administrator's fabric and vendor: the cluster's AdminFabricIndex and AdminVendorId while it is open.
    public var fabricIndex: UInt8
    public var vendorID: UInt16

    public init(method: Method, timeoutSeconds: UInt16, fabricIndex: UInt8, vendorID: UInt16) {
        self.method = method
        self.timeoutSeconds = timeoutSeconds
        self.fabricIndex = fabricIndex
        self.vendorID = vendorID
    }
}
