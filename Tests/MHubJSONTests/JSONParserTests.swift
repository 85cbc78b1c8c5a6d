import Testing

@testable import MHubJSON

@Suite struct JSONParserTests {
    let parser = JSONParser(maximumDepth: 8, maximumBytes: 4096)

    @Test func parsesEveryKindOfValue() throws {
        let value = try parser.parse(
            #"{"a": [1, -2.5, 3e2, true, false, null], "b": "x\u00e9\ud83d\ude00\n", "c": {}}"#)
        #expect(
            value
                == [
                    "a": [1, -2.5, 300.0, true, false, nil],
                    "b": "xé😀\n",
                    "c": [:],
                ])
    }

    @Test func integersStayExact() throws {
        #expect(try parser.parse("9007199254740993") == .integer(9_007_199_254_740_993))
        #expect(try parser.parse("-0") == .integer(0))
        #expect(try parser.parse("1.0") == .double(1))
        #expect(try parser.parse("18446744073709551616") == .double(18_446_744_073_709_551_616))
    }

    @Test(arguments: [
        ("", 0, "the text ends where a value should be"),
        ("{", 1, "expected a string key"),
        (#"{"a":1,"a":2}"#, 7, "duplicate key \"a\""),
        ("[1,]", 3, "unexpected character; expected a value"),
        ("01", 1, "leading zero in number"),
        ("1 2", 2, "unexpected content after the value"),
        (#""\ud800""#, 7, "lone high surrogate"),
        ("\"a\u{01}\"", 2, "control character in string"),
        ("tru", 0, "unknown literal; expected true"),
        ("[[[[[[[[[1]]]]]]]]]", 8, "nested deeper than 8 levels"),
        ("1e999", 0, "number out of range"),
    ])
    func rejectsWithPlace(text: String, offset: Int, message: String) {
        #expect(throws: JSONParseError(message: message, offset: offset)) { try parser.parse(text) }
    }

    @Test func rejectsInvalidUTF8AndOversizedText() {
        #expect(throws: JSONParseError(message: "string is not valid UTF-8", offset: 0)) {
            try parser.parse([0x22, 0xC3, 0x28, 0x22])
        }
        #expect(throws: JSONParseError.self) { try parser.parse(String(repeating: " ", count: 5000) + "1") }
    }

    @Test func writerRoundTripsAndSortsKeys() throws {
        let value: JSONValue = ["b": [1, "two", nil, 2.5], "a": ["x": "quote \" and \\ and \u{01}"]]
        let compact = JSONWriter.compact(value)
        #expect(compact == #"{"a":{"x":"quote \" and \\ and \u0001"},"b":[1,"two",null,2.5]}"#)
        #expect(try parser.parse(compact) == value)
        #expect(try parser.parse(JSONWriter.pretty(value)) == value)
    }

    /// Found by fuzz-control-request (docs/fuzzing.md): `-9223372036854775809` is below Int64, so it reads as the
    /// double -2^63, which is whole; the writer took its `abs` as an Int64, which overflowed and trapped.
    @Test func writesMinusTwoToTheSixtyThird() throws {
        // The fuzzer's input: "\r-9223372036854775809\r".
        let input: [UInt8] = [
            0x0D, 0x2D, 0x39, 0x32, 0x32, 0x33, 0x33, 0x37, 0x32, 0x30, 0x33, 0x36, 0x38, 0x35, 0x34, 0x37, 0x37, 0x35,
            0x38, 0x30, 0x39, 0x0D,
        ]
        let value = try parser.parse(input)
        #expect(value == .double(-9_223_372_036_854_775_808))
        #expect(JSONWriter.compact(value) == "-9.223372036854776e+18")
        #expect(try parser.parse(JSONWriter.compact(value)) == value)
        #expect(JSONWriter.compact(.double(9_223_372_036_854_775_808)) == "9.223372036854776e+18")
    }
}
