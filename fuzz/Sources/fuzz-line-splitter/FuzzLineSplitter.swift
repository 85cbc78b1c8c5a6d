import FuzzSupport
import MHubConfiguration

/// The Unix socket's line framing (`LineSplitter`): the same bytes give the same items however they are cut into
/// pieces, and exactly the items a direct reading of the rules gives (a line per LF, one CR before it dropped,
/// empty lines skipped, a line over the limit reported once); no line is longer than the limit or holds an LF.
///
/// The first input byte picks the limit: 0 to 127 bytes as it is, or 128 to 8,255 in steps of 64 from 128 up.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLineSplitter(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = fuzzBytes(data, size)
    guard let configuration = input.first else { return 0 }
    let maximum = configuration < 128 ? Int(configuration) : 128 + Int(configuration - 128) * 64
    let stream = Array(input.dropFirst())

    let expected = model(stream, maximumBytes: maximum)
    for pieces in Chunking.splits(of: stream) {
        var splitter = LineSplitter(maximumBytes: maximum)
        var items: [LineSplitter.Item] = []
        for piece in pieces {
            items += splitter.append(piece)
        }
        fuzzCheck(items == expected, "\(pieces.count) pieces gave \(describe(items)), the rules \(describe(expected))")
    }
    for case .line(let line) in expected {
        fuzzCheck(
            !line.isEmpty && line.count <= maximum && !line.contains(UInt8(ascii: "\n")),
            "line \(hexString(line)) is empty, over \(maximum) bytes or holds an LF")
    }
    return 0
}

/// The items the rules give for the whole stream: each LF ends a segment; a segment over the limit (a CR in it
/// included) is one `.oversized`, even if its LF never comes; else, less one trailing CR, a line if not empty.
private func model(_ stream: [UInt8], maximumBytes: Int) -> [LineSplitter.Item] {
    var segments = stream.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let unfinished = segments.removeLast()
    var items: [LineSplitter.Item] = []
    for segment in segments {
        if segment.count > maximumBytes {
            items.append(.oversized)
            continue
        }
        var line = Array(segment)
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        if !line.isEmpty { items.append(.line(line)) }
    }
    if unfinished.count > maximumBytes { items.append(.oversized) }
    return items
}

private func describe(_ items: [LineSplitter.Item]) -> String {
    items.map { item in
        switch item {
        case .line(let line): hexString(line)
        case .oversized: "oversized"
        }
    }.joined(separator: ",")
}
