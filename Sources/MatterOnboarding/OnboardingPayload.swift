/// An onboarding payload as a user gives it: a QR code string or a manual pairing code.
public enum OnboardingPayload: Hashable, Sendable {
    /// One or more payloads from one QR code.
    case qrCode([SetupPayload])
    case manualCode(ManualPairingCode)

    /// Parses either form, without validating: text starting with `MT:` is a QR code (as CHIP
    /// `SetupPayload::FromStringRepresentation` decides), anything else a manual code. Surrounding
    /// white space is ignored.
    public static func parse(_ text: String) throws(OnboardingPayloadError) -> OnboardingPayload {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .empty }
        if trimmed.hasPrefix(SetupPayload.qrCodePrefix) {
            return .qrCode(try SetupPayload.parseQRCode(trimmed))
        }
        return .manualCode(try ManualPairingCode.parse(trimmed))
    }

    /// Every rule the payload breaks; for a QR code, the rules of each of its payloads.
    public func violations(mode: ValidationMode = .produce) -> [PayloadViolation] {
        switch self {
        case .qrCode(let payloads): payloads.flatMap { $0.violations(mode: mode) }
        case .manualCode(let code): code.violations()
        }
    }

    /// What commissioning needs to find and prove a device: passcode and (short or long) discriminator
    /// of the first payload.
    public var passcode: UInt32 {
        switch self {
        case .qrCode(let payloads): payloads.first?.passcode ?? 0
        case .manualCode(let code): code.passcode
        }
    }
}

extension String {
    func trimmingWhitespace() -> Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? endIndex
        return self[start..<max(start, end)]
    }
}
