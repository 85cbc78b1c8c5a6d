import MHubCore
import MHubHub
import MatterUDC

extension UDCRequest {
    /// The request an IdentificationDeclaration makes (Matter reference E).
    public init(_ declaration: IdentificationDeclaration, source: String, receivedAt: Timestamp) {
        self.init(instanceName: declaration.instanceName, source: source, receivedAt: receivedAt)
        vendorID = declaration.vendorID
        productID = declaration.productID
        deviceName = declaration.deviceName
        deviceType = declaration.deviceType
        pairingInstruction = declaration.pairingInstruction
        pairingHint = declaration.pairingHint
        rotatingID = declaration.rotatingID
        commissionerDeclarationPort = declaration.commissionerDeclarationPort
        targetApps = declaration.targetApps.map { TargetApp(vendorID: $0.vendorID, productID: $0.productID ?? 0) }
        passcodeLength = declaration.passcodeLength
        let flagged: [(Flag, Bool)] = [
            (.noPasscode, declaration.noPasscode), (.cdUponPasscodeDialog, declaration.cdUponPasscodeDialog),
            (.commissionerPasscode, declaration.commissionerPasscode),
            (.commissionerPasscodeReady, declaration.commissionerPasscodeReady),
            (.cancelPasscode, declaration.cancelPasscode),
        ]
        flags = Set(flagged.filter(\.1).map(\.0))
    }

    /// One line for the log: instance, vendor, product, name, with the peer's text escaped (`logSafe`).
    public var logDescription: String {
        var parts = ["instance \(logSafe(instanceName))"]
        if let vendorID { parts.append("vendor \(vendorID)") }
        if let productID { parts.append("product \(productID)") }
        if let deviceName { parts.append("name \"\(logSafe(deviceName))\"") }
        if let deviceType { parts.append("device type \(deviceType)") }
        if let commissionerDeclarationPort { parts.append("CD port \(commissionerDeclarationPort)") }
        return parts.joined(separator: ", ")
    }
}
