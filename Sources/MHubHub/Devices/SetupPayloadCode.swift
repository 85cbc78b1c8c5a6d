import MatterOnboarding

/// Onboarding codes the hub builds for itself (e.g. to reuse the code path of `commission_with_code`).
enum SetupPayloadCode {
    static func qr(discriminator: UInt16, passcode: UInt32) throws -> String {
        try SetupPayload(
            vendorID: 0, productID: 0, discoveryCapabilities: .onNetwork, discriminator: discriminator,
            passcode: passcode
        ).qrCodeString(allowInvalid: true)
    }
}
