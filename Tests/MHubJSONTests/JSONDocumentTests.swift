import MHubJSON
import Testing

@Suite struct JSONDocumentTests {
    let text = """
        {
          "name": "évening",
          "timeline": [
            {"at": "30s", "set_attribute": {"device": "lamp"}},
            {"at": 5}
          ],
          "a/b": {"~x": true}
        }
        """

    @Test func valuesAndKeysHaveTheirLineAndColumn() throws {
        let document = try JSONParser().parseDocument(Array(text.utf8))
        #expect(document.position(of: "") == .init(line: 1, column: 1))
        #expect(document.position(of: "/name") == .init(line: 2, column: 11))
        #expect(document.positionOfKey("/name") == .init(line: 2, column: 3))
        #expect(document.position(of: "/timeline/0/at") == .init(line: 4, column: 12))
        #expect(document.position(of: "/timeline/0/set_attribute/device") == .init(line: 4, column: 47))
        #expect(document.position(of: "/timeline/1") == .init(line: 5, column: 5))
        #expect(document.position(of: "/a~1b/~0x") == .init(line: 7, column: 17))
    }

    @Test func aMissingMemberIsPlacedAtItsNearestParent() throws {
        let document = try JSONParser().parseDocument(Array(text.utf8))
        #expect(document.position(of: "/timeline/1/set_attribute") == document.position(of: "/timeline/1"))
        #expect(document.position(of: "/nothing/here") == document.position(of: ""))
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let document = try JSONParser().parseDocument(Array(#"{"é": "ü", "k": 1}"#.utf8))
        #expect(document.position(of: "/k") == .init(line: 1, column: 17))
    }

    @Test func theValueIsWhatParseGives() throws {
        #expect(try JSONParser().parseDocument(Array(text.utf8)).value == JSONParser().parse(text))
    }

    @Test func parseErrorsStayAsTheyAre() {
        #expect(throws: JSONParseError.self) { try JSONParser().parseDocument(Array(#"{"a": 1, "a": 2}"#.utf8)) }
        #expect(JSONDocument.position(atOffset: 9, in: Array("{\n  \"a\": x}".utf8)) == .init(line: 2, column: 8))
    }
}
