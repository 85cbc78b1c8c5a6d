/// What a command line asks for.
public enum Invocation: Sendable, Equatable {
    case run(ParsedCommand)
    /// `--help`, `-h` or `help WORDS…`: the help of the command at this path.
    case help([String])
    case version
}

/// Parses arguments against a tree of `CommandSpec`s.
///
/// Leading words choose the subcommand; then options may come in any order with the operands. `--`
/// ends the options. A command that has subcommands and is given none asks for its help.
public struct CommandLineParser: Sendable {
    public let root: CommandSpec

    public init(root: CommandSpec) {
        self.root = root
    }

    /// The spec at a path of command words, if there is one.
    public func spec(at path: [String]) -> CommandSpec? {
        var spec = root
        for word in path {
            guard let next = spec.subcommand(word) else { return nil }
            spec = next
        }
        return spec
    }

    public func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var remaining = arguments[...]
        if remaining.first == "--version" && remaining.count == 1 {
            return .version
        }
        if remaining.first == "help" {
            // The command words; options after them (a connection's `--socket PATH`) do not change the help.
            let path = Array(remaining.dropFirst().prefix { !$0.hasPrefix("-") })
            guard spec(at: path) != nil else {
                throw UsageError("no command \"\(path.joined(separator: " "))\" to show help for", commandPath: [])
            }
            return .help(path)
        }
        var spec = root
        var path: [String] = []
        while let word = remaining.first, !word.hasPrefix("-"), let next = spec.subcommand(word) {
            spec = next
            path.append(word)
            remaining = remaining.dropFirst()
        }
        if remaining.contains(where: { $0 == "--help" || $0 == "-h" }) {
            return .help(path)
        }
        if !spec.subcommands.isEmpty, let name = spec.defaultSubcommand, let fallback = spec.subcommand(name),
            remaining.first.map({ $0.hasPrefix("-") }) ?? true
        {
            spec = fallback
            path.append(name)
        }
        if !spec.subcommands.isEmpty {
            guard let word = remaining.first else { return .help(path) }
            let choices = spec.subcommands.map(\.name).joined(separator: ", ")
            let place = path.isEmpty ? "" : " for \"\(path.joined(separator: " "))\""
            throw UsageError("unknown command \"\(word)\"\(place); expected one of: \(choices)", commandPath: path)
        }
        return .run(try parseOptions(remaining, spec: spec, path: path))
    }

    private func parseOptions(_ arguments: ArraySlice<String>, spec: CommandSpec, path: [String])
        throws(UsageError) -> ParsedCommand
    {
        var result = ParsedCommand(path: path)
        var operands: [String] = []
        var remaining = arguments
        var optionsEnded = false
        while let argument = remaining.popFirst() {
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                operands.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let (name, inlineValue) = split(argument)
            guard let option = find(name, in: spec) else {
                throw UsageError("unknown option \(argument.split(separator: "=").first ?? "")", commandPath: path)
            }
            if option.takesValue {
                guard let value = inlineValue ?? remaining.popFirst() else {
                    throw UsageError(
                        "--\(option.name) needs a value (\(option.valueName ?? "VALUE"))", commandPath: path)
                }
                if !option.repeatable && result.values[option.name] != nil {
                    throw UsageError("--\(option.name) is given more than once", commandPath: path)
                }
                result.values[option.name, default: []].append(value)
            } else {
                guard inlineValue == nil else {
                    throw UsageError("--\(option.name) takes no value", commandPath: path)
                }
                result.flags.insert(option.name)
            }
        }
        let required = spec.operands.filter { !$0.optional }.count
        guard operands.count >= required else {
            let missing = spec.operands[operands.count].name
            throw UsageError("missing \(missing)", commandPath: path)
        }
        guard operands.count <= spec.operands.count else {
            throw UsageError("unexpected argument \"\(operands[spec.operands.count])\"", commandPath: path)
        }
        for (operand, value) in zip(spec.operands, operands) {
            result.operands[operand.name] = value
        }
        return result
    }

    /// `--name=value` → (`name`, `value`); `--name` → (`name`, nil); `-x` → (`x`, nil).
    private func split(_ argument: String) -> (String, String?) {
        let body = argument.hasPrefix("--") ? argument.dropFirst(2) : argument.dropFirst()
        guard let equals = body.firstIndex(of: "=") else { return (String(body), nil) }
        return (String(body[..<equals]), String(body[body.index(after: equals)...]))
    }

    private func find(_ name: String, in spec: CommandSpec) -> OptionSpec? {
        if name.count == 1 {
            return spec.options.first { $0.short == name.first }
        }
        return spec.options.first { $0.name == name }
    }
}
