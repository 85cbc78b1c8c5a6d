extension Conformance {
    /// Reads a conformance in the specification's notation (`P, M`; `[!PA].a, STA | PAU, O`).
    ///
    /// An empty or blank text is `unspecified`. Any other text either reads whole or throws; nothing traps, and
    /// nesting is bounded (`ConformanceParser.maximumDepth`), so any string from outside may be given.
    public init(parsing text: String) throws(ConformanceParseError) {
        var parser = try ConformanceParser(text)
        self = try parser.conformance()
    }
}

extension ConformanceExpression {
    /// Reads one condition (`LT & !DF`), with no rule around it; an empty text is an error.
    public init(parsing text: String) throws(ConformanceParseError) {
        var parser = try ConformanceParser(text)
        self = try parser.standaloneExpression()
    }
}

/// A recursive-descent parser of the conformance notation (Matter Core Specification 1.4, §7.3).
///
/// The grammar, loosest first:
///
///     conformance := (rule ("," rule)*)?
///     rule        := ("M" | "O") choice? | "P" | "D" | "X" | "desc"
///                  | "[" or ("," or)* "]" choice? | or choice?
///     or          := xor ("|" xor)*
///     xor         := and ("^" and)*
///     and         := comparison ("&" comparison)*
///     comparison  := unary (("==" | "!=" | "<" | "<=" | ">" | ">=") unary)?
///     unary       := "!" unary | primary
///     primary     := name | "null" | "true" | "false" | "-"? integer | "(" or ")"
///     choice      := "." letter digits? ("+" | "-")?
///
/// Names are ASCII letters, digits and `_`, starting with a letter; the conformance words are not names.
struct ConformanceParser {
    /// How deeply operators and parentheses may nest. The deepest conformance of the Matter 1.4 data model nests 7
    /// levels; the bound keeps the recursion here and in the expression's own recursive functions (printing, hashing,
    /// evaluation) small for any input.
    static let maximumDepth = 64

    private static let conformanceWords: Set<String> = ["M", "O", "P", "D", "X", "desc"]

    /// An expression and the depth of its tree.
    private struct Node {
        var expression: ConformanceExpression
        var depth: Int
    }

    /// The binary logical operators, loosest first.
    private enum Logical: Int {
        case or, xor, and

        var symbol: ConformanceToken.Symbol {
            switch self {
            case .or: .or
            case .xor: .xor
            case .and: .and
            }
        }

        var tighter: Logical? { Logical(rawValue: rawValue + 1) }

        func joining(_ left: ConformanceExpression, _ right: ConformanceExpression) -> ConformanceExpression {
            switch self {
            case .or: .or(left, right)
            case .xor: .xor(left, right)
            case .and: .and(left, right)
            }
        }
    }

    /// The tokens, the last always `.end`.
    private let tokens: [ConformanceToken]
    private var position = 0
    private var nesting = 0

    init(_ text: String) throws(ConformanceParseError) {
        tokens = try ConformanceToken.tokens(of: text)
    }

    private var current: ConformanceToken { tokens[position] }

    private mutating func advance() {
        if position < tokens.count - 1 { position += 1 }
    }

    private func unexpected(expected: String) -> ConformanceParseError {
        ConformanceParseError(offset: current.offset, reason: .unexpected(found: current.written, expected: expected))
    }

    mutating func conformance() throws(ConformanceParseError) -> Conformance {
        if current.kind == .end { return .unspecified }
        var rules = [try rule()]
        while current.kind == .symbol(.comma) {
            advance()
            rules.append(try rule())
        }
        guard current.kind == .end else { throw unexpected(expected: "',' or the end") }
        return Conformance(rules)
    }

    mutating func standaloneExpression() throws(ConformanceParseError) -> ConformanceExpression {
        let node = try logical(.or)
        guard current.kind == .end else { throw unexpected(expected: "an operator or the end") }
        return node.expression
    }

    private mutating func rule() throws(ConformanceParseError) -> ConformanceRule {
        let start = current
        guard start.kind != .end else { throw unexpected(expected: "a conformance") }
        if case .word(let word) = start.kind, Self.conformanceWords.contains(word) {
            advance()
            switch word {
            case "M": return .mandatory(nil, choice: try choice())
            case "O": return .optional([], choice: try choice())
            default: break
            }
            if current.kind == .symbol(.dot) {
                throw ConformanceParseError(offset: current.offset, reason: .choiceNotAllowed(after: word))
            }
            switch word {
            case "P": return .provisional
            case "D": return .deprecated
            case "X": return .disallowed
            default: return .described
            }
        }
        guard start.kind == .symbol(.openBracket) else {
            let condition = try logical(.or).expression
            return .mandatory(condition, choice: try choice())
        }
        advance()
        var conditions = [try logical(.or).expression]
        while current.kind == .symbol(.comma) {
            advance()
            conditions.append(try logical(.or).expression)
        }
        guard current.kind == .symbol(.closeBracket) else {
            if current.kind == .end { throw ConformanceParseError(offset: start.offset, reason: .unclosed("[")) }
            throw unexpected(expected: "an operator, ',' or ']'")
        }
        advance()
        return .optional(conditions, choice: try choice())
    }

    private mutating func choice() throws(ConformanceParseError) -> ConformanceChoice? {
        guard current.kind == .symbol(.dot) else { return nil }
        advance()
        let expected = "a choice group: a lowercase letter, perhaps with a count (a, b2)"
        guard case .word(let word) = current.kind, let group = word.first, group.isASCII, group.isLowercase,
            word.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber })
        else { throw unexpected(expected: expected) }
        var count = 1
        if word.count > 1 {
            guard let written = Int(word.dropFirst()), written >= 1 else {
                throw ConformanceParseError(
                    offset: current.offset + 1, reason: .invalidChoiceCount(String(word.dropFirst())))
            }
            count = written
        }
        advance()
        var bound = ConformanceChoice.Bound.exactly
        if current.kind == .symbol(.plus) {
            bound = .atLeast
            advance()
        } else if current.kind == .symbol(.minus) {
            bound = .atMost
            advance()
        }
        return ConformanceChoice(group, count: count, bound: bound)
    }

    private mutating func logical(_ level: Logical) throws(ConformanceParseError) -> Node {
        var left = try operand(tighterThan: level)
        while current.kind == .symbol(level.symbol) {
            let offset = current.offset
            advance()
            let right = try operand(tighterThan: level)
            left = try joined([left, right], at: offset, level.joining(left.expression, right.expression))
        }
        return left
    }

    private mutating func operand(tighterThan level: Logical) throws(ConformanceParseError) -> Node {
        if let tighter = level.tighter { return try logical(tighter) }
        return try comparison()
    }

    private mutating func comparison() throws(ConformanceParseError) -> Node {
        let left = try unary()
        guard case .symbol(let symbol) = current.kind, let comparison = symbol.comparison else { return left }
        let offset = current.offset
        advance()
        let right = try unary()
        if case .symbol(let next) = current.kind, next.comparison != nil {
            throw ConformanceParseError(offset: current.offset, reason: .chainedComparison)
        }
        return try joined([left, right], at: offset, .compare(left.expression, comparison, right.expression))
    }

    private mutating func unary() throws(ConformanceParseError) -> Node {
        guard current.kind == .symbol(.not) else { return try primary() }
        let offset = current.offset
        advance()
        try enterNesting(at: offset)
        defer { nesting -= 1 }
        let operand = try unary()
        return try joined([operand], at: offset, .not(operand.expression))
    }

    private mutating func primary() throws(ConformanceParseError) -> Node {
        let token = current
        switch token.kind {
        case .word(let word):
            if Self.conformanceWords.contains(word) {
                throw ConformanceParseError(offset: token.offset, reason: .conformanceWordInCondition(word))
            }
            advance()
            switch word {
            case "null": return Node(expression: .value(.null), depth: 1)
            case "true": return Node(expression: .value(.boolean(true)), depth: 1)
            case "false": return Node(expression: .value(.boolean(false)), depth: 1)
            default: return Node(expression: .name(word), depth: 1)
            }
        case .integer(let magnitude, let text):
            advance()
            guard magnitude <= UInt64(Int64.max) else {
                throw ConformanceParseError(offset: token.offset, reason: .integerTooLarge(text))
            }
            return Node(expression: .value(.integer(Int64(magnitude))), depth: 1)
        case .symbol(.minus):
            // `current` is not the end, so a token follows it.
            guard case .integer(let magnitude, let text) = tokens[position + 1].kind else {
                throw unexpected(expected: "a condition")
            }
            advance()
            advance()
            guard magnitude <= Int64.min.magnitude else {
                throw ConformanceParseError(offset: token.offset, reason: .integerTooLarge("-" + text))
            }
            return Node(expression: .value(.integer(Int64(truncatingIfNeeded: 0 &- magnitude))), depth: 1)
        case .symbol(.openParen):
            advance()
            try enterNesting(at: token.offset)
            defer { nesting -= 1 }
            let inner = try logical(.or)
            guard current.kind == .symbol(.closeParen) else {
                if current.kind == .end { throw ConformanceParseError(offset: token.offset, reason: .unclosed("(")) }
                throw unexpected(expected: "an operator or ')'")
            }
            advance()
            return inner
        case .symbol, .end:
            throw unexpected(expected: "a condition")
        }
    }

    private mutating func enterNesting(at offset: Int) throws(ConformanceParseError) {
        nesting += 1
        guard nesting <= Self.maximumDepth else {
            throw ConformanceParseError(offset: offset, reason: .nestedTooDeeply(limit: Self.maximumDepth))
        }
    }

    /// A node over `children`, if the tree stays within `maximumDepth`.
    private func joined(_ children: [Node], at offset: Int, _ expression: ConformanceExpression)
        throws(ConformanceParseError) -> Node
    {
        let depth = children.reduce(0) { max($0, $1.depth) } + 1
        guard depth <= Self.maximumDepth else {
            throw ConformanceParseError(offset: offset, reason: .nestedTooDeeply(limit: Self.maximumDepth))
        }
        return Node(expression: expression, depth: depth)
    }
}
