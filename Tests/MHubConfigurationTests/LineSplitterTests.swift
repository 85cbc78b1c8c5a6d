import Testing

@testable import MHubConfiguration

/// The Unix socket's line framing: lines, CR LF, empty lines, the size limit, and any split of the bytes.
@Suite struct LineSplitterTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func linesEndAtLFWithOneCRDroppedAndEmptyLinesSkipped() {
        var splitter = LineSplitter(maximumBytes: 100)
        #expect(
            splitter.append(Self.bytes("{\"a\":1}\n\r\n\n{\"b\":2}\r\n{\"c\"")) == [
                .line(Self.bytes("{\"a\":1}")), .line(Self.bytes("{\"b\":2}")),
            ])
        #expect(splitter.append(Self.bytes(":3}\r\r\n")) == [.line(Self.bytes("{\"c\":3}\r"))])
    }

    @Test func aLineOverTheLimitIsReportedOnceAndSkipped() {
        var splitter = LineSplitter(maximumBytes: 4)
        #expect(splitter.append(Self.bytes("1234\n")) == [.line(Self.bytes("1234"))])
        // Five bytes, or four and a CR, are over.
        #expect(splitter.append(Self.bytes("12345")) == [.oversized])
        #expect(splitter.append(Self.bytes("6789")).isEmpty)
        #expect(splitter.append(Self.bytes("\nok\n1234\r\n")) == [.line(Self.bytes("ok")), .oversized])
    }

    @Test func howTheBytesAreSplitChangesNothing() {
        let stream = Self.bytes("{\"x\":1}\r\n\n" + String(repeating: "y", count: 40) + "\nz\n\r\n{}\n")
        var whole = LineSplitter(maximumBytes: 16)
        let expected = whole.append(stream)
        #expect(
            expected == [.line(Self.bytes("{\"x\":1}")), .oversized, .line(Self.bytes("z")), .line(Self.bytes("{}"))])
        for size in 1...stream.count {
            var splitter = LineSplitter(maximumBytes: 16)
            var items: [LineSplitter.Item] = []
            for start in stride(from: 0, to: stream.count, by: size) {
                items += splitter.append(stream[start..<min(start + size, stream.count)])
            }
            #expect(items == expected, "pieces of \(size) bytes")
        }
    }
}
