/// A token of the conformance notation and the character offset where it starts.
struct ConformanceToken: Hashable {
    enum Kind: Hashable {
        /// A name, a conformance word (`M`, `desc`) or a literal word (`null`, `true`, `false`).
        case word(String)
        /// Decimal digits, as written and as a number; `magnitude` may exceed `Int64` (the parser says so).
        case integer(UInt64, text: String)
        case symbol(Symbol)
        /// After the last token, at the text's length.
        case end
    }

    enum Symbol: String, CaseIterable {
        case not = "!"
        case and = "&"
        case xor = "^"
        case or = "|"
        case equal = "=="
        case notEqual = "!="
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
        case openParen = "("
        case closeParen = ")"
        case openBracket = "["
        case closeBracket = "]"
        case comma = ","
        case dot = "."
        case plus = "+"
        case minus = "-"

        /// The comparison this symbol writes, if it writes one.
        var comparison: ConformanceComparison? { ConformanceComparison(rawValue: rawValue) }
    }

    var kind: Kind
    var offset: Int

    /// The token as an error message names it.
    var written: String {
        switch kind {
        case .word(let word): "'\(word)'"
        case .integer(_, let text): "'\(text)'"
        case .symbol(let symbol): "'\(symbol.rawValue)'"
        case .end: "the end"
        }
    }

    /// The text's tokens, ending with `.end`; offsets count characters.
    static func tokens(of text: String) throws(ConformanceParseError) -> [ConformanceToken] {
        let characters = Array(text)
        var tokens: [ConformanceToken] = []
        var index = 0
        while index < characters.count {
            let start = index
            let character = characters[index]
            if character.isWhitespace {
                index += 1
            } else if isLetter(character) {
                index += 1
                while index < characters.count,
                    isLetter(characters[index]) || isDigit(characters[index])
                        || characters[index] == "_"
                {
                    index += 1
                }
                tokens.append(ConformanceToken(kind: .word(String(characters[start..<index])), offset: start))
            } else if isDigit(character) {
                var magnitude: UInt64 = 0
                var overflowed = false
                while index < characters.count, isDigit(characters[index]) {
                    let digit = UInt64(characters[index].asciiValue! - 48)
                    let (shifted, overflow) = magnitude.multipliedReportingOverflow(by: 10)
                    let (sum, carry) = shifted.addingReportingOverflow(digit)
                    overflowed = overflowed || overflow || carry
                    magnitude = sum
                    index += 1
                }
                let digits = String(characters[start..<index])
                if overflowed {
                    throw ConformanceParseError(offset: start, reason: .integerTooLarge(digits))
                }
                tokens.append(ConformanceToken(kind: .integer(magnitude, text: digits), offset: start))
            } else if index + 1 < characters.count,
                let symbol = Symbol(rawValue: String([character, characters[index + 1]]))
            {
                tokens.append(ConformanceToken(kind: .symbol(symbol), offset: start))
                index += 2
            } else if let symbol = Symbol(rawValue: String(character)) {
                tokens.append(ConformanceToken(kind: .symbol(symbol), offset: start))
                index += 1
            } else {
                throw ConformanceParseError(offset: start, reason: .unexpectedCharacter(character))
            }
        }
        tokens.append(ConformanceToken(kind: .end, offset: characters.count))
        return tokens
    }

    /// An ASCII letter; a letter with a combining mark is one `Character` but no part of a name.
    private static func isLetter(_ character: Character) -> Bool {
        guard character.isASCII, let ascii = character.asciiValue else { return false }
        return (65...90).contains(ascii) || (97...122).contains(ascii)
    }

    private static func isDigit(_ character: Character) -> Bool {
        guard character.isASCII, let ascii = character.asciiValue else { return false }
        return (48...57).contains(ascii)
    }
}
