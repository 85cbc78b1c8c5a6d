/// The shape of one command of a command-line program: its words, options, operands and subcommands.
///
/// Specs are data: the parser reads them, and the help text is written from them, so the two agree.
public struct CommandSpec: Sendable {
    public var name: String
    public var summary: String
    /// Paragraphs shown after the usage line in `help`.
    public var details: String
    public var options: [OptionSpec]
    public var operands: [OperandSpec]
    public var subcommands: [CommandSpec]
    /// The subcommand run when none is named (e.g. `list`); without one, the command shows its help.
    public var defaultSubcommand: String?

    public init(
        _ name: String,
        summary: String,
        details: String = "",
        options: [OptionSpec] = [],
        operands: [OperandSpec] = [],
        subcommands: [CommandSpec] = [],
        defaultSubcommand: String? = nil
    ) {
        self.name = name
        self.summary = summary
        self.details = details
        self.options = options
        self.operands = operands
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
    }

    public func subcommand(_ name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }
}

/// An option: a flag (`--json`) or an option with a value (`--vendor 0xFFF1`, `--vendor=0xFFF1`).
public struct OptionSpec: Sendable {
    public var name: String
    public var short: Character?
    /// The placeholder shown in help; `nil` makes this a flag.
    public var valueName: String?
    public var help: String
    public var repeatable: Bool

    public init(_ name: String, short: Character? = nil, value: String? = nil, repeatable: Bool = false, help: String) {
        self.name = name
        self.short = short
        self.valueName = value
        self.help = help
        self.repeatable = repeatable
    }

    public var takesValue: Bool { valueName != nil }
}

/// A positional operand.
public struct OperandSpec: Sendable {
    public var name: String
    public var help: String
    public var optional: Bool

    public init(_ name: String, optional: Bool = false, help: String) {
        self.name = name
        self.help = help
        self.optional = optional
    }
}
