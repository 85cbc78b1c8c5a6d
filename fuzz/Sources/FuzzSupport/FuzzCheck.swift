/// Stops the run when a property of the code under test does not hold, so libFuzzer saves the input.
///
/// A property violation is a finding like a crash: the message says which property broke, and the saved
/// input reproduces it (`fuzz-<target> <file>`).
public func fuzzCheck(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
    line: UInt = #line
) {
    if !condition() {
        fatalError("property violated: \(message())", file: file, line: line)
    }
}

/// The input libFuzzer hands to `LLVMFuzzerTestOneInput`, as an array.
public func fuzzBytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
    Array(UnsafeBufferPointer(start: data, count: size))
}

/// Bytes as lowercase hex, for messages that show an input or an encoding.
public func hexString(_ bytes: some Collection<UInt8>) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var output: [UInt8] = []
    for byte in bytes {
        output.append(digits[Int(byte >> 4)])
        output.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: output, as: UTF8.self)
}
