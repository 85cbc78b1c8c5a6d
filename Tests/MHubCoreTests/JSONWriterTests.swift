import Testing

@testable import MHubCore

/// The writer's text: integers in decimal, keys in order, strings escaped.
@Suite struct JSONWriterTests {
    @Test(arguments: [0, 7, 9, 10, 99, 100, -1, -9, -10, 42, 1_234_567_890_123, Int64.max, Int64.min, Int64.min + 1])
    func integersAreWrittenAsSwiftWritesThem(_ integer: Int64) {
        #expect(JSONWriter.compact(.integer(integer)) == String(integer))
        #expect(JSONWriter.compact([.integer(integer), "x"]) == "[\(integer),\"x\"]")
    }

    @Test func objectsAreWrittenWithTheirKeysSortedAndSortedMembersAsGiven() {
        let value: JSONValue = ["b": 1, "a": ["d": "q\"\n", "c": nil], "ab": [true, 2.5]]
        #expect(JSONWriter.compact(value) == #"{"a":{"c":null,"d":"q\"\n"},"ab":[true,2.5],"b":1}"#)
        let members: [(key: String, value: JSONValue)] = [("a", 1), ("b", value)]
        #expect(JSONWriter.compactUTF8(sortedMembers: members) == JSONWriter.compactUTF8(["b": value, "a": 1]))
    }
}
