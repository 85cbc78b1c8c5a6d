import Foundation
import MHubJSON
import Testing

/// The writer's text: integers in decimal, keys in order, strings escaped.
@Suite struct JSONWriterTests {
    @Test(arguments: [0, 7, 9, 10, 99, 100, -1, -9, -10, 42, 1_234_567_890_123, Int64.max, Int64.min, Int64.min + 1])
    func integersAreWrittenAsSwiftWritesThem(_ integer: Int64) {
        #expect(JSONWriter.compact(.integer(integer)) == String(integer))
        #expect(JSONWriter.compact([.integer(integer), "x"]) == "[\(integer),\"x\"]")
    }

    /// What the writer must give for a string, byte by byte (RFC 8259 §7).
    static func escapedByHand(_ string: String) -> String {
        var text = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20: text += "\\u00" + String(format: "%02x", scalar.value)
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }

    /// Every byte that needs an escape, at every position of strings of every length around the eight bytes the
    /// writer passes over at once, beside bytes that need none (DEL, a two-byte character).
    @Test func stringsAreEscapedWhereverTheSpecialBytesFall() {
        let specials: [String] = [
            "\u{0}", "\u{1f}", "\"", "\\", "\n", "\r", "\t", "\u{7f}", "\u{e9}", "!", "#", "]", "[", "\u{8}",
        ]
        for length in 0...20 {
            for position in 0..<max(length, 1) {
                for special in specials {
                    var characters = [String](repeating: "a", count: length)
                    if length > 0 { characters[position] = special }
                    let string = characters.joined()
                    #expect(JSONWriter.compact(.string(string)) == Self.escapedByHand(string), "\(length) \(position)")
                }
            }
        }
    }

    /// Text far longer than the writer's first buffer (1 KiB), grown in every way it can grow: one long string, many
    /// small pieces, and numbers across the boundary.
    @Test func textLongerThanTheFirstBufferIsWrittenWhole() throws {
        let long = String(repeating: "x\"y", count: 3_000)
        let value: JSONValue = [
            "long": .string(long),
            "many": .array((0..<2_000).map { .integer(Int64($0) * 1_000_003) }),
            "nested": .array((0..<300).map { ["k\($0)": .string(String(repeating: "\u{e9}", count: $0))] }),
        ]
        let text = JSONWriter.compact(value)
        #expect(text.utf8.count > 20_000)
        #expect(try JSONParser(maximumDepth: 8, maximumBytes: 1 << 20).parse(Array(text.utf8)) == value)
        #expect(text.hasPrefix("{\"long\":" + Self.escapedByHand(long) + ",\"many\":[0,1000003,"))
    }

    @Test func keysSortByTheirBytesAlsoWhenTheyShareTheirFirstEightOrSixteen() {
        let keys = [
            "abcdefghZ", "abcdefgh", "abcdefghA", "\u{e9}t\u{e9}", "z", "abc", "abcdefgh\u{0}", "B", "",
            "0/29/65533", "0/29/65528", "0/29/6552", "0/29/65528\u{0}", "abcdefghijklmnopB", "abcdefghijklmnop",
            "abcdefghijklmnopA", "abcdefghijklmnoq", "abcdefghijklmno",
        ]
        let value = JSONValue.object(Dictionary(uniqueKeysWithValues: keys.map { ($0, JSONValue.null) }))
        let expected = keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(
            expected == [
                "", "0/29/6552", "0/29/65528", "0/29/65528\u{0}", "0/29/65533", "B", "abc", "abcdefgh",
                "abcdefgh\u{0}", "abcdefghA", "abcdefghZ", "abcdefghijklmno", "abcdefghijklmnop", "abcdefghijklmnopA",
                "abcdefghijklmnopB", "abcdefghijklmnoq", "z", "\u{e9}t\u{e9}",
            ])
        let text = "{" + expected.map { Self.escapedByHand($0) + ":null" }.joined(separator: ",") + "}"
        #expect(JSONWriter.compact(value) == text)
    }

    @Test func objectsAreWrittenWithTheirKeysSortedAndSortedMembersAsGiven() {
        let value: JSONValue = ["b": 1, "a": ["d": "q\"\n", "c": nil], "ab": [true, 2.5]]
        #expect(JSONWriter.compact(value) == #"{"a":{"c":null,"d":"q\"\n"},"ab":[true,2.5],"b":1}"#)
        // The same object written member by member in key order, as the protocol's types write themselves.
        var writer = JSONTextWriter()
        writer.beginObject()
        writer.member("a", JSONValue.integer(1))
        writer.member("b", value)
        writer.endObject()
        #expect(writer.bytes() == JSONWriter.compactUTF8(["b": value, "a": 1]))
    }
}
