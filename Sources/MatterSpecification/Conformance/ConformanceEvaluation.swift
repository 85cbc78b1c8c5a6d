/// What a conformance's names mean where it is evaluated: which of them hold, and the values comparisons read.
public protocol ConformanceContext {
    /// Whether a name used as a condition holds: a feature code the cluster declares (`LT`), an attribute, command,
    /// event or field that is there (`HoldTime`), or a condition the caller says is true (`Matter`, `Active`).
    func holds(_ name: String) -> Bool

    /// The value a name stands for in a comparison, or nil when it is not known: an attribute's or field's value
    /// (`NumberOfPrimaries`, `MfgCode`), or an enumeration member's number (`Success` in `Status == Success`).
    func value(of name: String) -> ConformanceLiteral?
}

/// A context from a set of names that hold and a table of values.
public struct ConformanceFacts: ConformanceContext, Hashable, Sendable {
    public var names: Set<String>
    public var values: [String: ConformanceLiteral]

    public init(_ names: Set<String> = [], values: [String: ConformanceLiteral] = [:]) {
        self.names = names
        self.values = values
    }

    public func holds(_ name: String) -> Bool { names.contains(name) }

    public func value(of name: String) -> ConformanceLiteral? { values[name] }
}

/// What a conformance decides for an element in a context.
public enum ConformanceOutcome: Hashable, Sendable {
    /// The element must be there; with a choice, it is one of a group of which some must be.
    case mandatory(choice: ConformanceChoice?)
    /// The element may be there; with a choice, it is one of a group of which some must be.
    case optional(choice: ConformanceChoice?)
    /// `P`: provisional.
    case provisional
    /// `D`: deprecated.
    case deprecated
    /// Not allowed: `X`, or no rule of the otherwise list applied.
    case disallowed
    /// `desc`: the specification's prose decides.
    case described
    /// The conformance was empty: the source gave none.
    case unspecified
    /// A comparison read a value the context does not know, and the outcome depends on it: any of these, in the
    /// order of the rules that give them.
    case undetermined([ConformanceOutcome])

    public static var mandatory: ConformanceOutcome { .mandatory(choice: nil) }
    public static var optional: ConformanceOutcome { .optional(choice: nil) }
}

extension Conformance {
    /// What the conformance decides in `context`: the outcome of the first rule whose condition holds.
    ///
    /// Matter Core Specification 1.4, §7.3: an otherwise list is read from left to right and the first rule that
    /// applies decides; a mandatory or optional rule whose condition is false does not apply, and when no rule applies
    /// the element is not allowed (`.disallowed`). `P`, `D`, `X` and `desc` always apply.
    ///
    /// Conditions are read in three values: a comparison whose operand the context does not know (`value(of:)` is
    /// nil), or an ordering of values that are not both integers, is unknown; `!`, `&`, `|` and `^` pass unknown on
    /// only when the known operands do not decide (`false & unknown` is false, `true | unknown` is true). A rule whose
    /// condition is unknown might apply or not, so evaluation keeps its outcome as possible and goes on to the next
    /// rule; when more than one outcome is possible the answer is `.undetermined` with them all. It is never a guess:
    /// `NumberOfPrimaries > 2, O` is mandatory with 3 primaries, optional with 1, and `.undetermined([.mandatory,
    /// .optional])` when the count is not known.
    public func evaluate(_ context: some ConformanceContext) -> ConformanceOutcome {
        guard !rules.isEmpty else { return .unspecified }
        var possible: [ConformanceOutcome] = []
        func note(_ outcome: ConformanceOutcome) {
            if !possible.contains(outcome) { possible.append(outcome) }
        }
        func settled() -> ConformanceOutcome { possible.count == 1 ? possible[0] : .undetermined(possible) }
        for rule in rules {
            switch rule.applies(in: context) {
            case true?:
                note(rule.outcome)
                return settled()
            case false?:
                continue
            case nil:
                note(rule.outcome)
            }
        }
        note(.disallowed)
        return settled()
    }
}

extension ConformanceRule {
    /// Whether the rule applies in `context`: true, false, or nil when its condition is unknown.
    public func applies(in context: some ConformanceContext) -> Bool? {
        switch self {
        case .mandatory(let condition, _):
            guard let condition else { return true }
            return condition.holds(in: context)
        case .optional(let conditions, _):
            guard let first = conditions.first else { return true }
            return conditions.dropFirst().reduce(first.holds(in: context)) { Self.or($0, $1.holds(in: context)) }
        case .provisional, .deprecated, .disallowed, .described:
            return true
        }
    }

    /// What the rule decides when it applies.
    public var outcome: ConformanceOutcome {
        switch self {
        case .mandatory(_, let choice): .mandatory(choice: choice)
        case .optional(_, let choice): .optional(choice: choice)
        case .provisional: .provisional
        case .deprecated: .deprecated
        case .disallowed: .disallowed
        case .described: .described
        }
    }

    static func or(_ left: Bool?, _ right: Bool?) -> Bool? {
        if left == true || right == true { return true }
        if left == false && right == false { return false }
        return nil
    }
}

extension ConformanceExpression {
    /// Whether the condition holds in `context`: true, false, or nil when it reads a value the context does not know.
    ///
    /// A name holds as `context.holds(_:)` says; `true` and `false` are themselves; any other literal is no condition
    /// and is unknown.
    public func holds(in context: some ConformanceContext) -> Bool? {
        switch self {
        case .name(let name): return context.holds(name)
        case .value(.boolean(let value)): return value
        case .value: return nil
        case .not(let operand): return operand.holds(in: context).map { !$0 }
        case .and(let left, let right):
            let (left, right) = (left.holds(in: context), right.holds(in: context))
            if left == false || right == false { return false }
            if left == true && right == true { return true }
            return nil
        case .or(let left, let right):
            return ConformanceRule.or(left.holds(in: context), right.holds(in: context))
        case .xor(let left, let right):
            guard let left = left.holds(in: context), let right = right.holds(in: context) else { return nil }
            return left != right
        case .compare(let left, let comparison, let right):
            guard let left = left.value(in: context), let right = right.value(in: context) else { return nil }
            return Self.compare(left, comparison, right)
        }
    }

    /// The value an operand of a comparison stands for: a name's from the context, a literal's own, and for any
    /// other expression whether it holds, as a boolean.
    func value(in context: some ConformanceContext) -> ConformanceLiteral? {
        switch self {
        case .name(let name): context.value(of: name)
        case .value(let literal): literal
        case .not, .and, .xor, .or, .compare: holds(in: context).map(ConformanceLiteral.boolean)
        }
    }

    /// `==` and `!=` compare any two literals; an ordering compares integers and is unknown for anything else.
    static func compare(_ left: ConformanceLiteral, _ comparison: ConformanceComparison, _ right: ConformanceLiteral)
        -> Bool?
    {
        var integers: (Int64, Int64)?
        if case .integer(let left) = left, case .integer(let right) = right { integers = (left, right) }
        switch comparison {
        case .equal: return left == right
        case .notEqual: return left != right
        case .less: return integers.map { $0 < $1 }
        case .lessOrEqual: return integers.map { $0 <= $1 }
        case .greater: return integers.map { $0 > $1 }
        case .greaterOrEqual: return integers.map { $0 >= $1 }
        }
    }
}
