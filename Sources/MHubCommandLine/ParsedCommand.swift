/// What the parser found for one command: the command's words, its options and its operands.
public struct ParsedCommand: Sendable, Equatable {
    /// The command words below the program, e.g. `["payload", "parse"]`.
    public var path: [String]
    public var values: [String: [String]]
    public var flags: Set<String>
    public var operands: [String: String]

    public init(
        path: [String], values: [String: [String]] = [:], flags: Set<String> = [], operands: [String: String] = [:]
    ) {
        self.path = path
        self.values = values
        self.flags = flags
        self.operands = operands
    }

    public func flag(_ name: String) -> Bool {
        flags.contains(name)
    }

    /// The last value given for an option.
    public func value(_ name: String) -> String? {
        values[name]?.last
    }

    public func allValues(_ name: String) -> [String] {
        values[name] ?? []
    }

    /// An option's value as an integer of type `T`, written in decimal or as `0x` hexadecimal.
    public func integer<T: FixedWidthInteger>(_ name: String, as type: T.Type = T.self) throws(UsageError) -> T? {
        guard let text = value(name) else { return nil }
        guard let number = Self.parseInteger(text, as: T.self) else {
            throw UsageError(
                "--\(name) takes a whole number from \(T.min) to \(T.max) (decimal or 0x hex), not \"\(text)\"",
                commandPath: path)
        }
        return number
    }

    /// Parses decimal or `0x`-prefixed hexadecimal, rejecting values outside `T`.
    public static func parseInteger<T: FixedWidthInteger>(_ text: String, as type: T.Type = T.self) -> T? {
        let lowered = text.lowercased()
        if lowered.hasPrefix("0x") {
            return T(lowered.dropFirst(2), radix: 16)
        }
        return T(text, radix: 10)
    }
}
