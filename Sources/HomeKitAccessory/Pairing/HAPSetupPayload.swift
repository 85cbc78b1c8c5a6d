import MHubJSON
import MatterCrypto

/// What a person pairs with: the setup URI the QR code carries and `_hap._tcp`'s setup hash (reference section 1,
/// "Setup code, setup ID, setup URI"; ADK `HAPAccessorySetupGetSetupPayload`, `HAPAccessorySetupGetSetupHash`).
public enum HAPSetupPayload {
    /// Accessory category 2: Bridge (HAP R14 Table 12-3; HAP-python `pyhap/const.py`).
    public static let bridgeCategory: UInt64 = 2

    /// `X-HM://` and nine base-36 digits of the 46-bit payload (version 0, reserved 0, category in bits 31–38, the
    /// IP flag in bit 28, paired in bit 27, the code's eight digits as a number in bits 0–26), then the setup ID.
    public static func uri(setupCode: String, setupID: String, category: UInt64 = bridgeCategory) -> String {
        let code = UInt64(setupCode.filter(\.isNumber)) ?? 0
        let payload = (category << 31) | (1 << 28) | (code & 0x7FF_FFFF)
        var digits = String(payload, radix: 36, uppercase: true)
        while digits.count < 9 { digits = "0" + digits }
        return "X-HM://" + digits + setupID
    }

    /// `sh`: Base64 of the first four bytes of SHA-512(setup ID ‖ Device ID text).
    public static func setupHash(setupID: String, deviceID: String) -> String {
        Base64.encode(Array(SHA512.hash(Array((setupID + deviceID).utf8)).prefix(4)))
    }
}
