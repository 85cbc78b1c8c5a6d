/// `value` as uppercase hexadecimal, zero padded to `digits` (CHIP `"%016X"`, `Encoding::Uint64ToHex`).
func uppercaseHex(_ value: some BinaryInteger, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
}

/// Bytes as uppercase hexadecimal, two digits each (CHIP `BytesToUppercaseHexString`).
func hexString(_ bytes: some Sequence<UInt8>) -> String {
    bytes.map { uppercaseHex($0, digits: 2) }.joined()
}
