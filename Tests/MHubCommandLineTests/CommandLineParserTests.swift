import Testing

@testable import MHubCommandLine

@Suite struct CommandLineParserTests {
    let parser = CommandLineParser(
        root: CommandSpec(
            "tool", summary: "a tool",
            subcommands: [
                CommandSpec(
                    "thing", summary: "things",
                    subcommands: [
                        CommandSpec(
                            "make", summary: "make a thing",
                            options: [
                                OptionSpec("count", short: "n", value: "N", help: "how many"),
                                OptionSpec("tag", value: "T", repeatable: true, help: "a tag"),
                                OptionSpec("json", help: "as JSON"),
                            ],
                            operands: [
                                OperandSpec("NAME", help: "name"), OperandSpec("EXTRA", optional: true, help: "x"),
                            ])
                    ])
            ]))

    func run(_ arguments: [String]) throws(UsageError) -> ParsedCommand {
        guard case .run(let command) = try parser.parse(arguments) else {
            throw UsageError("not a run", commandPath: [])
        }
        return command
    }

    @Test func optionsAndOperandsInAnyOrder() throws {
        let command = try run(["thing", "make", "--count", "3", "box", "--json", "--tag=a", "--tag", "b"])
        #expect(command.path == ["thing", "make"])
        #expect(try command.integer("count", as: Int.self) == 3)
        #expect(command.flag("json"))
        #expect(command.allValues("tag") == ["a", "b"])
        #expect(command.operands == ["NAME": "box"])
    }

    @Test func shortOptionsAndDoubleDash() throws {
        let command = try run(["thing", "make", "-n", "0x10", "--", "--not-an-option"])
        #expect(try command.integer("count", as: UInt8.self) == 16)
        #expect(command.operands["NAME"] == "--not-an-option")
    }

    @Test func helpVersionAndBareCommands() throws {
        #expect(try parser.parse(["--version"]) == .version)
        #expect(try parser.parse([]) == .help([]))
        #expect(try parser.parse(["thing"]) == .help(["thing"]))
        #expect(try parser.parse(["thing", "make", "--help"]) == .help(["thing", "make"]))
        #expect(try parser.parse(["help", "thing", "make"]) == .help(["thing", "make"]))
        // Options given with it (mhubctl's connection options come after the words) leave the help as it is.
        #expect(try parser.parse(["help", "thing", "make", "--count", "3"]) == .help(["thing", "make"]))
    }

    @Test func usageErrorsSayWhatIsWrongAndWhere() {
        #expect(throws: UsageError("unknown command \"nope\"; expected one of: thing", commandPath: [])) {
            try parser.parse(["nope"])
        }
        #expect(throws: UsageError("unknown option --bogus", commandPath: ["thing", "make"])) {
            try run(["thing", "make", "x", "--bogus=1"])
        }
        #expect(throws: UsageError("--count needs a value (N)", commandPath: ["thing", "make"])) {
            try run(["thing", "make", "x", "--count"])
        }
        #expect(throws: UsageError("--count is given more than once", commandPath: ["thing", "make"])) {
            try run(["thing", "make", "x", "-n", "1", "-n", "2"])
        }
        #expect(throws: UsageError("--json takes no value", commandPath: ["thing", "make"])) {
            try run(["thing", "make", "x", "--json=yes"])
        }
        #expect(throws: UsageError("missing NAME", commandPath: ["thing", "make"])) { try run(["thing", "make"]) }
        #expect(throws: UsageError("unexpected argument \"c\"", commandPath: ["thing", "make"])) {
            try run(["thing", "make", "a", "b", "c"])
        }
        #expect(throws: UsageError("no command \"zzz\" to show help for", commandPath: [])) {
            try parser.parse(["help", "zzz"])
        }
    }

    @Test func integersAreRangeChecked() throws {
        let command = try run(["thing", "make", "x", "--count", "300"])
        #expect(throws: UsageError.self) { try command.integer("count", as: UInt8.self) }
        #expect(ParsedCommand.parseInteger("0xFFF1", as: UInt16.self) == 0xFFF1)
        #expect(ParsedCommand.parseInteger("-1", as: UInt16.self) == nil)
        #expect(ParsedCommand.parseInteger("12a", as: UInt16.self) == nil)
    }

    @Test func helpIsWrittenFromTheSpec() throws {
        let spec = try #require(parser.spec(at: ["thing", "make"]))
        let help = HelpFormatter.render(spec, program: "tool", path: ["thing", "make"])
        #expect(help.hasPrefix("tool thing make: make a thing\n\nUsage: tool thing make [OPTIONS] NAME [EXTRA]\n"))
        #expect(help.contains("  -n, --count N"))
        #expect(help.contains("  --json"))
    }
}
