/// Base38, the text encoding of QR onboarding payloads.
///
/// Matter Core Specification 5.1.3.1; CHIP `src/setup_payload/Base38Encode.cpp` and `Base38Decode.cpp`.
/// Bytes are taken three at a time as a little-endian 24-bit number and written as five base-38 digits,
/// least significant first; a final two bytes become four digits and a final byte two.
public enum Base38 {
    /// The alphabet; every character is also in the QR code alphanumeric set.
    public static let alphabet: [Character] = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-.")

    private static let alphabetBytes: [UInt8] = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-.".utf8)

    /// Digits written for a chunk of 1, 2 or 3 bytes.
    private static let digitsPerChunk = [0, 2, 4, 5]

    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 5)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var value: UInt32 = 0
            for offset in 0..<count {
                value |= UInt32(bytes[index + offset]) << (8 * offset)
            }
            for _ in 0..<digitsPerChunk[count] {
                output.append(alphabetBytes[Int(value % 38)])
                value /= 38
            }
            index += count
        }
        return String(decoding: output, as: UTF8.self)
    }

    public static func decode(_ text: some StringProtocol) throws(OnboardingPayloadError) -> [UInt8] {
        let characters = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(characters.count / 5 * 3 + 2)
        var index = 0
        while index < characters.count {
            let remaining = characters.count - index
            let (digits, byteCount): (Int, Int)
            switch remaining {
            case 5...: (digits, byteCount) = (5, 3)
            case 4: (digits, byteCount) = (4, 2)
            case 2: (digits, byteCount) = (2, 1)
            default: throw .base38InvalidLength(characters.count)
            }
            var value: UInt32 = 0
            for offset in stride(from: digits - 1, through: 0, by: -1) {
                let character = characters[index + offset]
                guard let digit = digitValue(character) else {
                    throw .base38InvalidCharacter(String(decoding: [character], as: UTF8.self), offset: index + offset)
                }
                value = value * 38 + UInt32(digit)
            }
            guard value < 1 << (8 * UInt32(byteCount)) else {
                throw .base38ChunkOutOfRange(String(decoding: characters[index..<index + digits], as: UTF8.self))
            }
            for offset in 0..<byteCount {
                output.append(UInt8(truncatingIfNeeded: value >> (8 * offset)))
            }
            index += digits
        }
        return output
    }

    private static func digitValue(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A") + 10
        case UInt8(ascii: "-"): 36
        case UInt8(ascii: "."): 37
        default: nil
        }
    }
}
