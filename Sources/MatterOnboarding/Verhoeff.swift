/// The Verhoeff check digit of manual pairing codes.
///
/// Matter Core Specification 5.1.4.1; the tables are the standard dihedral-group D5 ones, as in CHIP
/// `src/lib/support/verhoeff/Verhoeff10.cpp`.
public enum Verhoeff {
    private static let multiplication: [[UInt8]] = [
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
        [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
        [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
        [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
        [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
        [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
        [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
        [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
        [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
    ]
    private static let permutation: [UInt8] = [1, 5, 7, 6, 2, 8, 3, 0, 9, 4]
    private static let inverse: [UInt8] = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9]

    /// The check digit for a string of decimal digits, or `nil` if it holds anything else.
    public static func checkDigit(for digits: some StringProtocol) -> Character? {
        var checksum: UInt8 = 0
        for (position, character) in digits.utf8.reversed().enumerated() {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(character) else { return nil }
            let digit = Int(character - UInt8(ascii: "0"))
            checksum = multiplication[Int(checksum)][Int(permuted(digit, times: position + 1))]
        }
        return Character(UnicodeScalar(UInt8(ascii: "0") + inverse[Int(checksum)]))
    }

    /// Applies the permutation `times` times (its order is 8).
    private static func permuted(_ digit: Int, times: Int) -> UInt8 {
        var value = UInt8(digit)
        for _ in 0..<(times % 8) {
            value = permutation[Int(value)]
        }
        return value
    }
}
