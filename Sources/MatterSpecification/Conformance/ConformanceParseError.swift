/// Why a text is not a conformance, and where: `offset` counts the text's characters from 0.
public struct ConformanceParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        /// A character that is no part of the notation (`=` alone, `-` in a name, `$`, `é`).
        case unexpectedCharacter(Character)
        /// Something other than what the grammar allows here; both are written for people (`"'&'"`, `"the end"`).
        case unexpected(found: String, expected: String)
        /// A `(` or `[` at `offset` that the text never closes.
        case unclosed(Character)
        /// `M`, `O`, `P`, `D`, `X` or `desc` where a condition is expected (`[M]`, `LT & D`).
        case conformanceWordInCondition(String)
        /// A choice after `P`, `D`, `X` or `desc`, which cannot be part of a choice.
        case choiceNotAllowed(after: String)
        /// A choice whose count is 0 or too large (`O.a0`).
        case invalidChoiceCount(String)
        /// An integer literal outside the 64-bit signed range.
        case integerTooLarge(String)
        /// A comparison of a comparison (`A < B < C`); parentheses say which is meant.
        case chainedComparison
        /// Operators or parentheses nested deeper than the parser reads.
        case nestedTooDeeply(limit: Int)
    }

    public var offset: Int
    public var reason: Reason

    public init(offset: Int, reason: Reason) {
        self.offset = offset
        self.reason = reason
    }

    /// The reason in a sentence, without the offset.
    public var message: String {
        switch reason {
        case .unexpectedCharacter(let character):
            character == "="
                ? "'=' is not an operator; equality is written '=='"
                : "'\(character)' is not part of the conformance notation"
        case .unexpected(let found, let expected): "expected \(expected), found \(found)"
        case .unclosed(let opening): "'\(opening)' is not closed"
        case .conformanceWordInCondition(let word): "'\(word)' is a conformance, not a condition"
        case .choiceNotAllowed(let word): "'\(word)' cannot take a choice; only mandatory and optional rules can"
        case .invalidChoiceCount(let text): "choice count '\(text)' is not a number from 1 up"
        case .integerTooLarge(let text): "integer \(text) does not fit in 64 bits"
        case .chainedComparison: "comparisons do not chain; add parentheses"
        case .nestedTooDeeply(let limit): "expression nests deeper than \(limit) levels"
        }
    }

    public var description: String { "conformance, at character \(offset): \(message)" }
}
