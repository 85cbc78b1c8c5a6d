import MHubTestSupport
import Testing

@testable import MHubJSON

@Suite struct Base64Tests {
    /// RFC 4648 §10 test vectors, which cover both padding cases.
    @Test(arguments: [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ])
    func rfc4648Vectors(plain: String, encoded: String) {
        #expect(Base64.encode(Array(plain.utf8)) == encoded)
        #expect(Base64.decode(encoded) == Array(plain.utf8))
    }

    @Test func roundTripsEveryByteValueAndLength() {
        var generator = SeededGenerator(seed: 64)
        for length in 0..<100 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(Base64.decode(Base64.encode(bytes)) == bytes, "length \(length)")
        }
        let all = (0...255).map { UInt8($0) }
        #expect(Base64.decode(Base64.encode(all)) == all)
        #expect(Base64.encode([0xFB, 0xFF, 0xBF]) == "+/+/")
    }

    @Test(arguments: [
        "Zg", "Zg=", "Zm9", "Z===", "Zm9v=", "Zm=v", "=Zm9", "Zg==Zg==", "Zh==", "Zm9=", "Zm 9v", "Zm9v\n", "Zm-_",
        "Zm9\u{e9}",
    ])
    func rejectsNonCanonicalText(text: String) {
        #expect(Base64.decode(text) == nil)
    }
}
