/// A rule of the Matter specification that a well-formed onboarding payload breaks.
///
/// The checks of CHIP `PayloadContents::isValidQRCodePayload`, `isValidManualCode` and
/// `CheckPayloadCommonConstraints` (`src/setup_payload/SetupPayload.cpp`).
public struct PayloadViolation: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Rule: String, Hashable, Sendable, CaseIterable {
        case version
        case commissioningFlow = "commissioning-flow"
        case discoveryCapabilities = "discovery-capabilities"
        case discriminatorRange = "discriminator-range"
        case passcodeRange = "passcode-range"
        case passcodeTrivial = "passcode-trivial"
        case vendorID = "vendor-id"
        case productID = "product-id"
        case extensionData = "extension-data"
    }

    public var rule: Rule
    public var message: String

    public init(_ rule: Rule, _ message: String) {
        self.rule = rule
        self.message = message
    }

    public var description: String { "\(message) [rule \(rule.rawValue)]" }
}

/// How strict validation is (CHIP `ValidationMode`).
public enum ValidationMode: Sendable {
    /// For payloads the hub writes: reserved discovery bits are an error.
    case produce
    /// For payloads the hub reads: reserved discovery bits are tolerated, for newer devices.
    case consume
}

/// The rules a QR payload and a manual code share.
enum CommonPayloadRules {
    /// Vendor IDs usable on a fabric: 1 to 0xFFF4 (CHIP `IsVendorIdValidOperationally`,
    /// `src/lib/core/CHIPVendorIdentifiers.hpp`); 0 means "not given".
    static let operationalVendorIDs: ClosedRange<UInt16> = 1...0xFFF4

    static func violations(version: UInt8, passcode: UInt32, vendorID: UInt16, productID: UInt16)
        -> [PayloadViolation]
    {
        var found: [PayloadViolation] = []
        if version != 0 {
            found.append(PayloadViolation(.version, "version is \(version); only version 0 is defined"))
        }
        if !SetupPasscode.validRange.contains(passcode) {
            found.append(PayloadViolation(.passcodeRange, "passcode \(passcode) is outside 1 to 99999998"))
        } else if SetupPasscode.trivialValues.contains(passcode) {
            found.append(
                PayloadViolation(.passcodeTrivial, "passcode \(passcode) is one of the forbidden trivial ones"))
        }
        if vendorID != 0 && !operationalVendorIDs.contains(vendorID) {
            found.append(
                PayloadViolation(
                    .vendorID, "vendor ID 0x\(hex(vendorID, width: 4)) is reserved (use 0 or 0x0001-0xFFF4)")
            )
        }
        if productID == 0 && vendorID != 0 {
            found.append(PayloadViolation(.productID, "product ID is 0 though a vendor ID is given"))
        }
        return found
    }
}

extension SetupPayload {
    /// Every rule this payload breaks, in a stable order; empty when it is valid.
    public func violations(mode: ValidationMode = .produce) -> [PayloadViolation] {
        var found = CommonPayloadRules.violations(
            version: version, passcode: passcode, vendorID: vendorID, productID: productID)
        if commissioningFlow == .reserved {
            found.append(PayloadViolation(.commissioningFlow, "commissioning flow 3 is reserved"))
        }
        if mode == .produce && !DiscoveryCapabilities.known.isSuperset(of: discoveryCapabilities) {
            found.append(
                PayloadViolation(
                    .discoveryCapabilities,
                    "discovery capabilities 0x\(hex(discoveryCapabilities.rawValue)) set reserved bits 6-7"))
        }
        if discriminator > Discriminator.maximum {
            found.append(PayloadViolation(.discriminatorRange, "discriminator \(discriminator) is above 4095"))
        }
        if let undecodableExtension {
            found.append(PayloadViolation(.extensionData, undecodableExtension.reason))
        }
        for entry in extensionData {
            if let problem = entry.valueProblem {
                found.append(PayloadViolation(.extensionData, "TLV element 0x\(hex(entry.tag)) \(problem)"))
            }
        }
        return found
    }

    /// Throws the first rule this payload breaks.
    public func validate(mode: ValidationMode = .produce) throws(PayloadViolation) {
        if let first = violations(mode: mode).first {
            throw first
        }
    }
}
