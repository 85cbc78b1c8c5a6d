/// The rules for setup passcodes and discriminators.
///
/// Matter Core Specification 5.1.7.1 "Passcode"; CHIP `src/setup_payload/SetupPayload.cpp`
/// (`IsValidSetupPIN`, `generateRandomSetupPin`) and `src/lib/support/SetupDiscriminator.h`.
public enum SetupPasscode {
    public static let validRange: ClosedRange<UInt32> = 1...99_999_998

    /// Values inside the range that the specification forbids because they are trivial to guess.
    public static let trivialValues: Set<UInt32> = [
        11_111_111, 22_222_222, 33_333_333, 44_444_444, 55_555_555,
        66_666_666, 77_777_777, 88_888_888, 12_345_678, 87_654_321,
    ]

    public static func isValid(_ passcode: UInt32) -> Bool {
        validRange.contains(passcode) && !trivialValues.contains(passcode)
    }

    /// A uniformly random valid passcode.
    public static func random(using generator: inout some RandomNumberGenerator) -> UInt32 {
        while true {
            let candidate = UInt32.random(in: validRange, using: &generator)
            if !trivialValues.contains(candidate) {
                return candidate
            }
        }
    }

    public static func random() -> UInt32 {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }
}

public enum Discriminator {
    /// Discriminators are 12 bits.
    public static let maximum: UInt16 = 0xFFF

    /// The short discriminator, carried by manual codes and `_S` DNS-SD subtypes: the upper 4 of 12 bits.
    public static func short(_ discriminator: UInt16) -> UInt8 {
        UInt8(truncatingIfNeeded: (discriminator & maximum) >> 8)
    }

    public static func random(using generator: inout some RandomNumberGenerator) -> UInt16 {
        UInt16.random(in: 0...maximum, using: &generator)
    }

    public static func random() -> UInt16 {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }
}
