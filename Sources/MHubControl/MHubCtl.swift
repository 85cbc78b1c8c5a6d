import MHubCommandLine
import MHubProtocol

/// `mhubctl`: parses a command line, runs the command, and returns the exit status.
///
/// Exit statuses: 0 success, 1 failure (one line on stderr), 64 usage error (one line and a hint).
public enum MHubCtl {
    public static let program = "mhubctl"

    public static let spec = CommandSpec(
        program,
        summary: "command-line client of mhubd, the mock Matter hub",
        options: [
            OptionSpec("version", help: "print the version and exit"),
            OptionSpec("help", short: "h", help: "show help"),
        ],
        subcommands: [PayloadCommands.spec] + HubCommands.specs + [
            StructureCommands.spec, DeviceCommands.spec, HubWindowCommands.spec,
        ] + TestToolCommands.specs)

    /// Connection options may also come before the command (`mhubctl --socket P status`); they are
    /// moved behind the command words, where each command's spec takes them.
    static func hoistingGlobalOptions(_ arguments: [String]) -> [String] {
        let options = HubConnectionOptions.options
        let valued = Set(options.filter { $0.valueName != nil }.map { "--\($0.name)" })
        let flags = Set(options.filter { $0.valueName == nil }.map { "--\($0.name)" })
        var leading: [String] = []
        var rest = arguments[...]
        while let first = rest.first {
            let name = first.split(separator: "=", maxSplits: 1).first.map(String.init) ?? first
            if valued.contains(name) {
                leading.append(rest.removeFirst())
                if !first.contains("="), let value = rest.first {
                    leading.append(value)
                    rest.removeFirst()
                }
            } else if flags.contains(first) {
                leading.append(rest.removeFirst())
            } else {
                break
            }
        }
        return Array(rest) + leading
    }

    public static func run(_ arguments: [String], console: any Console) -> Int32 {
        let arguments = hoistingGlobalOptions(arguments)
        let parser = CommandLineParser(root: spec)
        do {
            switch try parser.parse(arguments) {
            case .version:
                console.write("\(program) \(MHubVersion.string)\n")
                return 0
            case .help(let path):
                // The parser only returns paths it found.
                console.write(HelpFormatter.render(parser.spec(at: path)!, program: program, path: path))
                return 0
            case .run(let command):
                if command.flag("version") {
                    console.write("\(program) \(MHubVersion.string)\n")
                    return 0
                }
                return try dispatch(command, console: console)
            }
        } catch let error as UsageError {
            let helpPath = ([program, "help"] + error.commandPath).joined(separator: " ")
            console.writeError("\(program): \(error.message) (see '\(helpPath)')\n")
            return 64
        } catch let error as CommandFailure {
            console.writeError("\(program): \(error.message)\n")
            return 1
        } catch {
            console.writeError("\(program): \(error)\n")
            return 1
        }
    }

    private static func dispatch(_ command: ParsedCommand, console: any Console) throws -> Int32 {
        switch command.path {
        case ["payload", "parse"]: return try PayloadCommands.parse(command, console: console)
        case ["payload", "generate"]: return try PayloadCommands.generate(command, console: console)
        default:
            if let status = try DeviceCommands.run(command, console: console) {
                return status
            }
            if let status = try HubWindowCommands.run(command, console: console) {
                return status
            }
            if let status = try StructureCommands.run(command, console: console) {
                return status
            }
            if let status = try TestToolCommands.run(command, console: console) {
                return status
            }
            if let status = try SimulatedDeviceCommands.run(command, console: console) {
                return status
            }
            guard let status = try HubCommands.run(command, console: console) else {
                throw UsageError("no such command", commandPath: [])
            }
            return status
        }
    }
}
