import MHubJSON
import Testing

/// A context that hands the facts back as they are, so the tests see what the reader found.
private struct Facts: JSONReadContext {
    var nullIsAbsent = false
    func failure(_ error: JSONReadError) -> JSONReadError { error }
}

private func reader(_ text: String, nullIsAbsent: Bool = false) throws -> JSONObjectReader<Facts> {
    let value = try JSONParser().parse(Array(text.utf8))
    return try JSONObjectReader(
        value, at: JSONPath.root.appending("outer"), what: "a thing",
        context: Facts(nullIsAbsent: nullIsAbsent))
}

@Suite struct JSONObjectReaderTests {
    @Test func readsEachKindOfMember() throws {
        var object = try reader(#"{"s":"x","n":7,"b":true,"a":[1,2],"o":{"k":"v"}}"#)
        #expect(try object.string("s") == "x")
        #expect(try object.integer("n", as: UInt8.self) == 7)
        #expect(try object.bool("b") == true)
        #expect(try object.array("a").map(\.path.pointer) == ["/outer/a/0", "/outer/a/1"])
        var inner = try object.object("o")
        #expect(try inner.string("k") == "v")
        #expect(inner.path.dotted == "outer.o")
        #expect(try object.string("absent") == nil)
        #expect(try object.string("absent", default: "d") == "d")
        try object.rejectUnknown(in: "a thing")
    }

    /// The read checks a number against its type's bounds as 64-bit numbers, and writes the bounds as the type
    /// has them only for a failure: the edges of each width must come out exactly.
    @Test func wholeNumbersAtTheEdgesOfTheirTypes() throws {
        var object = try reader(
            #"{"max":9223372036854775807,"min":-9223372036854775808,"neg":-1,"word":65535,"over":65536}"#)
        #expect(try object.integer("max", as: UInt64.self) == UInt64(Int64.max))
        #expect(try object.integer("max", as: Int64.self) == Int64.max)
        #expect(try object.integer("min", as: Int64.self) == Int64.min)
        #expect(try object.integer("word", as: UInt16.self) == UInt16.max)
        #expect(try object.integer("neg", as: Int8.self) == -1)
        #expect(try object.integer("neg", in: -5...(-1)) == -1)
        let unsigned64 = JSONReadError.Bounds(lower: "0", upper: "18446744073709551615")
        #expect(
            throws: JSONReadError(
                path: .init([.key("outer"), .key("neg")]), problem: .outOfRange(bounds: unsigned64, value: "-1"))
        ) { try object.integer("neg", as: UInt64.self) }
        #expect(
            throws: JSONReadError(
                path: .init([.key("outer"), .key("over")]),
                problem: .outOfRange(bounds: .init(lower: "0", upper: "65535"), value: "65536"))
        ) { try object.requiredInteger("over", as: UInt16.self) }
        #expect(
            throws: JSONReadError(
                path: .init([.key("outer"), .key("min")]),
                problem: .outOfRange(
                    bounds: .init(lower: "-2147483648", upper: "2147483647"), value: "-9223372036854775808"))
        ) { try object.integer("min", as: Int32.self) }
        #expect(throws: JSONReadError(path: .init([.key("outer"), .key("gone")]), problem: .missing)) {
            try object.requiredInteger("gone", as: UInt8.self)
        }
    }

    @Test func eachFailureNamesTheValueItIsAbout() throws {
        var object = try reader(#"{"s":1,"n":"7","big":300,"c":"z","b":null}"#)
        #expect(
            throws: JSONReadError(
                path: .init([.key("outer"), .key("s")]),
                problem: .wrongType(
                    expected: .string, found: "a number"))
        ) { try object.string("s") }
        let byte = JSONReadError.Bounds(lower: "0", upper: "255")
        #expect(
            throws: JSONReadError(
                path: .init([.key("outer"), .key("n")]),
                problem: .notWholeNumber(
                    found: "a string", bounds: byte))
        ) { try object.integer("n", as: UInt8.self) }
        #expect(
            throws: JSONReadError(
                path: .init([.key("outer"), .key("big")]),
                problem: .outOfRange(
                    bounds: byte, value: "300"))
        ) { try object.integer("big", as: UInt8.self) }
        #expect(
            throws: JSONReadError(
                path: .init([.key("outer"), .key("big")]),
                problem: .outOfRange(
                    bounds: .init(lower: "1", upper: "10"), value: "300"))
        ) { try object.integer("big", in: 1...10) }
        #expect(
            throws: JSONReadError(
                path: .init([.key("outer"), .key("c")]),
                problem: .notAChoice(
                    choices: ["x", "y"], found: "z"))
        ) { try object.choice("c", in: ["x", "y"]) }
        #expect(
            throws: JSONReadError(
                path: .init([.key("outer"), .key("b")]),
                problem: .wrongType(
                    expected: .bool, found: "null"))
        ) { try object.bool("b") }
        #expect(throws: JSONReadError(path: .init([.key("outer"), .key("gone")]), problem: .missing)) {
            try object.requiredString("gone")
        }
    }

    @Test func requiredReadsReadThePresentMemberAndFailOnAnAbsentOne() throws {
        var object = try reader(#"{"b":false,"a":["x"],"o":{"k":1},"r":null}"#, nullIsAbsent: true)
        #expect(try object.requiredBool("b") == false)
        #expect(try object.requiredArray("a").map(\.path.dotted) == ["outer.a[0]"])
        #expect(try object.requiredObject("o").path.dotted == "outer.o")
        let element = try #require(try object.array("a").first)
        #expect(throws: JSONReadError(path: element.path, problem: .notAnObject(what: "an x", found: "a string"))) {
            try object.element(element, what: "an x")
        }
        for read: (inout JSONObjectReader<Facts>) throws -> Void in [
            { _ = try $0.requiredBool("gone") }, { _ = try $0.requiredArray("gone") },
            { _ = try $0.requiredObject("gone") }, { _ = try $0.requiredRaw("gone") },
        ] {
            #expect(throws: JSONReadError(path: .init([.key("outer"), .key("gone")]), problem: .missing)) {
                try read(&object)
            }
        }
        #expect(throws: JSONReadError(path: .init([.key("outer"), .key("r")]), problem: .missing)) {
            try object.requiredRaw("r")
        }
        var strict = try reader(#"{"r":null}"#)
        #expect(try strict.requiredRaw("r") == .null)
    }

    @Test func nullIsAbsentOnlyWhereTheContextSaysSo() throws {
        var lenient = try reader(#"{"b":null}"#, nullIsAbsent: true)
        #expect(try lenient.bool("b") == nil)
        var strict = try reader(#"{"b":null}"#)
        #expect(strict.raw("b") == .null)
    }

    @Test func theFirstUnreadMemberInKeyOrderIsNamedWithWhatWasRead() throws {
        var object = try reader(#"{"z":1,"m":2,"a":3,"read":4}"#)
        _ = object.raw("read")
        _ = object.raw("asked")
        #expect(
            throws: JSONReadError(
                path: .init([.key("outer"), .key("a")]),
                problem: .unknownMember(
                    in: "a thing", known: ["asked", "read"]))
        ) { try object.rejectUnknown(in: "a thing") }
    }

    @Test func aValueThatIsNotAnObjectIsRefusedAtItsPath() throws {
        #expect(throws: JSONReadError(path: .root, problem: .notAnObject(what: "args", found: "an array"))) {
            try JSONObjectReader(.array([]), what: "args", context: Facts())
        }
    }

    @Test func pathsArePointersAndDottedKeys() {
        let path = JSONPath.root.appending("tokens").appending(index: 2).appending("a/b~c")
        #expect(path.pointer == "/tokens/2/a~1b~0c")
        #expect(path.dotted == "tokens[2].a/b~c")
        #expect(path.parent.dotted == "tokens[2]")
        #expect(path.lastKey == "a/b~c")
        #expect(JSONPath.root.pointer == "")
    }
}
