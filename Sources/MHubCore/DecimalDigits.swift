/// Appends `value` in decimal to `output`: a minus sign when it is negative, then at least `minimumDigits` digits
/// (zeros first). JSON numbers and ISO 8601 timestamps are written with it, straight into their bytes.
public func appendDecimal(_ value: Int64, minimumDigits: Int = 1, to output: inout [UInt8]) {
    if value < 0 { output.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 20 digits at most (2^64 - 1), as 24 bytes
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
        repeat {
            buffer[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
            count += 1
        } while magnitude > 0
        for _ in count..<max(count, minimumDigits) {
            output.append(UInt8(ascii: "0"))
        }
        output.append(contentsOf: buffer[(24 - count)...])
    }
}
