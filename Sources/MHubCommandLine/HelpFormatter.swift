/// Writes help text from a `CommandSpec`.
public enum HelpFormatter {
    public static func render(_ spec: CommandSpec, program: String, path: [String]) -> String {
        let command = ([program] + path).joined(separator: " ")
        var usage = command
        if !spec.subcommands.isEmpty {
            usage += " COMMAND"
        }
        if !spec.options.isEmpty {
            usage += " [OPTIONS]"
        }
        for operand in spec.operands {
            usage += operand.optional ? " [\(operand.name)]" : " \(operand.name)"
        }
        var lines = ["\(command): \(spec.summary)", "", "Usage: \(usage)"]
        if !spec.details.isEmpty {
            lines += ["", spec.details]
        }
        if !spec.subcommands.isEmpty {
            lines += ["", "Commands:"]
            lines += table(spec.subcommands.map { ($0.name, $0.summary) })
        }
        if !spec.operands.isEmpty {
            lines += ["", "Arguments:"]
            lines += table(spec.operands.map { ($0.name, $0.help) })
        }
        if !spec.options.isEmpty {
            lines += ["", "Options:"]
            lines += table(
                spec.options.map { option in
                    var left = option.short.map { "-\($0), " } ?? ""
                    left += "--\(option.name)"
                    if let value = option.valueName {
                        left += " \(value)"
                    }
                    return (left, option.help)
                })
        }
        if !spec.subcommands.isEmpty {
            lines += ["", "Run '\(command) COMMAND --help' for a command's options."]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func table(_ rows: [(String, String)]) -> [String] {
        let width = min(30, rows.map(\.0.count).max() ?? 0)
        return rows.map { left, right in
            let padding = left.count < width ? String(repeating: " ", count: width - left.count) : ""
            return "  \(left)\(padding)  \(right)"
        }
    }
}
