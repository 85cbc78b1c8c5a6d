import Foundation
import MHubCommandLine
import MHubCore
import MHubIO

// Wiring only: arguments → configuration → Daemon; then the main thread waits for signals.

// Before anything can start a thread, so that no thread takes them with the default action.
Signals.block(Daemon.handledSignals)

let spec = CommandSpec(
    "mhubd",
    summary: "the mhub mock Matter hub daemon",
    details: "Runs in the foreground until SIGTERM or SIGINT. Without --config it reads "
        + "\(ConfigurationFile.systemPath) if that exists, else uses built-in defaults. SIGHUP reloads the "
        + "configuration file; under systemd it notifies readiness and serves the sockets the units pass.",
    options: [
        OptionSpec("config", short: "c", value: "PATH", help: "read the configuration from PATH"),
        OptionSpec("check-config", help: "validate the configuration, print it and exit"),
        OptionSpec("version", help: "print the version and exit"),
        OptionSpec("help", short: "h", help: "show this help"),
    ])

let parsed: ParsedCommand
do {
    switch try CommandLineParser(root: spec).parse(Array(CommandLine.arguments.dropFirst())) {
    case .run(let command): parsed = command
    case .help:
        print(HelpFormatter.render(spec, program: "mhubd", path: []), terminator: "")
        exit(0)
    case .version:
        print("mhubd \(MHubVersion.string)")
        exit(0)
    }
} catch {
    FileHandle.standardError.write(Data("mhubd: \(error.message) (see 'mhubd --help')\n".utf8))
    exit(64)
}
if parsed.flag("version") {
    print("mhubd \(MHubVersion.string)")
    exit(0)
}

do {
    let (configuration, path) = try ConfigurationFile.resolve(explicitPath: parsed.value("config"))
    if parsed.flag("check-config") {
        print("\(path ?? "built-in defaults"): ok")
        print(JSONWriter.pretty(configuration.json))
        exit(0)
    }
    let daemon = Daemon(
        configuration: configuration, configurationPath: path, logger: Logger(level: configuration.logLevel))
    do {
        try daemon.start()
    } catch {
        FileHandle.standardError.write(Data("mhubd: cannot start: \(error)\n".utf8))
        exit(1)
    }
    while daemon.handle(signal: Signals.wait(for: Daemon.handledSignals)) == .keepRunning {}
    daemon.drain()
    exit(0)
} catch {
    FileHandle.standardError.write(Data("mhubd: configuration error: \(error)\n".utf8))
    exit(78)  // EX_CONFIG (sysexits.h)
}
