import MHubConfiguration
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

}
