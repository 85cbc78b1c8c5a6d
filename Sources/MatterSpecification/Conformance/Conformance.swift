/// When an element (a feature, attribute, command, event, field, cluster or device type) is required, allowed or not
/// allowed, written as the specification writes it: `M`, `[LT]`, `P, M`, `TEMP, [AUTO]`, `[!PA].a, STA | PAU, O`.
///
/// Matter Core Specification 1.4, §7.3 "Conformance": a conformance is an "otherwise" list of rules separated by
/// commas, read from left to right; the first rule whose condition holds decides, and when none holds the element is
/// not allowed. `description` writes the rules back in that notation and `init(parsing:)` reads it.
///
/// A conformance with no rules is `unspecified`: the source gave none (an empty cell or attribute). It is not read as
/// mandatory or optional; `evaluate(_:)` answers `.unspecified` and the caller decides.
public struct Conformance: Hashable, Sendable, CustomStringConvertible {
    /// The "otherwise" list, in the order the specification writes it.
    public var rules: [ConformanceRule]

    public init(_ rules: [ConformanceRule]) {
        self.rules = rules
    }

    /// No conformance given: the text was empty.
    public static let unspecified = Conformance([])

    public var isUnspecified: Bool { rules.isEmpty }

    public var description: String { rules.map(\.description).joined(separator: ", ") }
}

/// One rule of an "otherwise" list: what it decides and, for mandatory and optional rules, when it applies.
///
/// Matter Core Specification 1.4, §7.3: `M` mandatory, `O` optional, `P` provisional, `D` deprecated, `X` disallowed,
/// `desc` described in prose; an expression alone (`LT`, `!OFFONLY`) is mandatory when it holds, an expression in
/// brackets (`[LT]`) optional when it holds. Mandatory and optional rules may end in a choice (`O.a+`, `[AUT].a`,
/// `ControllableESA.a+`) that ties the element to the others of the same group.
public enum ConformanceRule: Hashable, Sendable, CustomStringConvertible {
    /// `M` when the condition is nil, else the bare expression (`LT`): mandatory when the condition holds.
    case mandatory(ConformanceExpression?, choice: ConformanceChoice? = nil)
    /// `O` when there are no conditions, else `[LT]`: optional when a condition holds.
    ///
    /// Several conditions (`[Wi, Fi]`) are read as optional when any of them holds, which is what the otherwise list
    /// `[Wi], [Fi]` would mean. The Matter 1.4 data model has one: the Root Node's Wi-Fi Network Diagnostics
    /// requirement, most likely the condition `Wi-Fi` split at its hyphen (`[Ethernet]` and `[Thread]` stand beside
    /// it), so a context that wants it to hold answers for `Wi` or `Fi`.
    case optional([ConformanceExpression], choice: ConformanceChoice? = nil)
    /// `P`: provisional, its final conformance not yet decided.
    case provisional
    /// `D`: deprecated, kept for older implementations.
    case deprecated
    /// `X`: not allowed.
    case disallowed
    /// `desc`: described in the specification's prose, which no expression captures.
    case described

    public var description: String {
        switch self {
        case .mandatory(let condition, let choice):
            (condition?.description ?? "M") + (choice?.description ?? "")
        case .optional(let conditions, let choice):
            (conditions.isEmpty ? "O" : "[\(conditions.map(\.description).joined(separator: ", "))]")
                + (choice?.description ?? "")
        case .provisional: "P"
        case .deprecated: "D"
        case .disallowed: "X"
        case .described: "desc"
        }
    }
}

/// A choice suffix: the element is one of the group named by a lowercase letter, of which a set number must be there.
///
/// Matter Core Specification 1.4, §7.3, choice conformance: `.a` exactly one of group `a`, `.a+` at least one, `.a-`
/// at most one; a number after the letter (`.a2+`) counts more than one.
public struct ConformanceChoice: Hashable, Sendable, CustomStringConvertible {
    /// How `count` bounds the number of the group's elements that are there.
    public enum Bound: Hashable, Sendable {
        /// No suffix: exactly `count`.
        case exactly
        /// `+`: at least `count`.
        case atLeast
        /// `-`: at most `count`.
        case atMost
    }

    /// The group's letter, `a` to `z`.
    public var group: Character
    /// How many of the group, 1 unless the specification writes a number.
    public var count: Int
    public var bound: Bound

    public init(_ group: Character, count: Int = 1, bound: Bound = .exactly) {
        self.group = group
        self.count = count
        self.bound = bound
    }

    public var description: String {
        let suffix: String
        switch bound {
        case .exactly: suffix = ""
        case .atLeast: suffix = "+"
        case .atMost: suffix = "-"
        }
        return ".\(group)\(count == 1 ? "" : String(count))\(suffix)"
    }
}

/// A condition in a conformance rule: names, literals, `!`, `&`, `^`, `|` and comparisons, with parentheses.
///
/// Matter Core Specification 1.4, §7.3: a name is a feature code (`LT`), an attribute, command, event or field of the
/// same cluster or struct (`HoldTime`), or a condition (`Matter`, `Zigbee`, `Active`), true when the feature is
/// declared, the element is there or the condition holds. Comparisons (`NumberOfPrimaries > 5`, `MfgCode != null`,
/// `Status == Success`) compare values. `description` writes the expression with only the parentheses the operators'
/// precedence needs (tightest first: `!`, comparisons, `&`, `^`, `|`), so that it reads back as the same tree.
public indirect enum ConformanceExpression: Hashable, Sendable, CustomStringConvertible {
    /// A name as the parser reads it; one it would not read (a conformance word such as `M`, or characters outside
    /// the notation) is written as given and does not read back.
    case name(String)
    case value(ConformanceLiteral)
    case not(ConformanceExpression)
    case and(ConformanceExpression, ConformanceExpression)
    case xor(ConformanceExpression, ConformanceExpression)
    case or(ConformanceExpression, ConformanceExpression)
    case compare(ConformanceExpression, ConformanceComparison, ConformanceExpression)

    public var description: String { written(bindingAtLeast: 0) }

    /// How tightly the expression's outermost operator binds: `|` 1, `^` 2, `&` 3, comparisons 4, `!` 5, others 6.
    var precedence: Int {
        switch self {
        case .or: 1
        case .xor: 2
        case .and: 3
        case .compare: 4
        case .not: 5
        case .name, .value: 6
        }
    }

    /// The expression's text, in parentheses when it binds less tightly than its place needs.
    ///
    /// The binary logical operators group from the left, so a right operand of the same precedence keeps its
    /// parentheses (`A & (B & C)`); comparisons do not chain, so both of their operands must bind more tightly.
    func written(bindingAtLeast minimum: Int) -> String {
        let text: String
        switch self {
        case .name(let name): text = name
        case .value(let literal): text = literal.description
        case .not(let operand): text = "!" + operand.written(bindingAtLeast: 5)
        case .and(let left, let right):
            text = "\(left.written(bindingAtLeast: 3)) & \(right.written(bindingAtLeast: 4))"
        case .xor(let left, let right):
            text = "\(left.written(bindingAtLeast: 2)) ^ \(right.written(bindingAtLeast: 3))"
        case .or(let left, let right):
            text = "\(left.written(bindingAtLeast: 1)) | \(right.written(bindingAtLeast: 2))"
        case .compare(let left, let comparison, let right):
            text = "\(left.written(bindingAtLeast: 5)) \(comparison.rawValue) \(right.written(bindingAtLeast: 5))"
        }
        return precedence < minimum ? "(\(text))" : text
    }
}

/// A comparison operator of a conformance expression.
public enum ConformanceComparison: String, Hashable, Sendable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
}

/// A literal in a conformance expression: a decimal integer, `null`, `true` or `false`.
public enum ConformanceLiteral: Hashable, Sendable, CustomStringConvertible {
    case integer(Int64)
    case boolean(Bool)
    case null

    public var description: String {
        switch self {
        case .integer(let value): String(value)
        case .boolean(let value): value ? "true" : "false"
        case .null: "null"
        }
    }
}
