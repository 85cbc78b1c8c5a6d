/// Avahi's rule for the next service name after a collision, reimplemented (avahi `avahi-common/alternative.c`
/// `avahi_alternative_service_name`).
///
/// "Name" becomes "Name #2", "Name #2" becomes "Name #3". The counter is the text after the last " #" when
/// it is all ASCII digits without a leading zero; anything else gets " #2" appended. Names are cut so the
/// result stays within 63 bytes, dropping a UTF-8 sequence the cut would split. The counter is read as
/// glibc's `atoi` does (a 64-bit `strtol`, saturating, then truncated to `int`), and `INT_MAX` wraps to 1.
public enum AvahiServiceName {
    /// Avahi's `AVAHI_LABEL_MAX`: a name has at most 63 bytes.
    static let labelMaximum = 64

    /// The alternative to `name`, or `nil` when `name` is not a valid service name (empty, or 64 bytes or more).
    public static func alternative(to name: String) -> String? {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, bytes.count < labelMaximum else { return nil }

        if let counterStart = counterStart(in: bytes) {
            let counter = next(after: atoi(bytes[counterStart...]))
            let counterText = Array(String(counter).utf8)
            let prefixLength = min(counterStart - 2, labelMaximum - 1 - counterText.count - 2)
            let prefix = droppingIncompleteUTF8(Array(bytes[..<prefixLength]))
            return String(decoding: prefix + Array(" #".utf8) + counterText, as: UTF8.self)
        }
        let prefix = droppingIncompleteUTF8(Array(bytes.prefix(labelMaximum - 1 - 3)))
        return String(decoding: prefix + Array(" #2".utf8), as: UTF8.self)
    }

    /// Where the counter after the last " #" starts, if that text is a counter (digits, no leading zero).
    private static func counterStart(in bytes: [UInt8]) -> Int? {
        var start: Int?
        var index = 0
        // Like the `strstr` loop: after each match the search resumes past its " #".
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: " ") && bytes[index + 1] == UInt8(ascii: "#") {
                start = index + 2
                index += 2
            } else {
                index += 1
            }
        }
        guard let start, start < bytes.count, bytes[start] != UInt8(ascii: "0") else { return nil }
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        return bytes[start...].allSatisfy(isDigit) ? start : nil
    }

    /// glibc `atoi` on a digit string: `(int) strtol(s, NULL, 10)` with `strtol` saturating at `LONG_MAX`.
    private static func atoi(_ digits: ArraySlice<UInt8>) -> Int32 {
        var value: Int64 = 0
        for digit in digits {
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int64(digit - UInt8(ascii: "0")))
            if overflow1 || overflow2 {
                value = .max
                break
            }
            value = sum
        }
        return Int32(truncatingIfNeeded: value)
    }

    /// `n + 1`, except that `INT_MAX` goes back to 1.
    private static func next(after counter: Int32) -> Int32 {
        counter == .max ? 1 : counter + 1
    }

    /// Drops trailing bytes until the rest is valid UTF-8 (`drop_incomplete_utf8`).
    private static func droppingIncompleteUTF8(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        while !bytes.isEmpty, String(validating: bytes, as: UTF8.self) == nil {
            bytes.removeLast()
        }
        return bytes
    }
}
