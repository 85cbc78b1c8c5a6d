import Foundation
import MHubCommandLine
import MHubConfiguration
import MHubDaemon
import MHubEventLoop
import MHubJSON
import MHubProtocol

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
        OptionSpec(
            "ephemeral",
            help: "a throw-away hub: a fresh state directory removed at exit (holding the control socket), "
                + "every port 0, DNS-SD off"),
        OptionSpec("state-dir", value: "DIR", help: "keep the state in DIR (state_directory)"),
        OptionSpec("socket", value: "PATH", help: "the Unix control socket's path (control.unix_socket)"),
        OptionSpec("host", value: "ADDRESS", help: "the WebSocket listener's address (control.tcp_host)"),
        OptionSpec("port", value: "PORT", help: "the WebSocket listener's port, 0 for any (control.tcp_port)"),
        OptionSpec("matter-port", value: "PORT", help: "the Matter UDP and TCP port, 0 for any (matter.port)"),
        OptionSpec("udc-port", value: "PORT", help: "the UDC port, 0 for any (udc.port)"),
        OptionSpec("homekit-port", value: "PORT", help: "the HomeKit (HAP) TCP port, 0 for any (homekit.port)"),
        OptionSpec("dns-sd", help: "publish DNS-SD records (dns_sd.enabled), also with --ephemeral"),
        OptionSpec("no-dns-sd", help: "publish no DNS-SD records"),
        OptionSpec("log-level", value: "LEVEL", help: "debug, info, notice, warning or error (log_level)"),
        OptionSpec(
            "scenario", value: "FILE",
            help: "start from the scenario's home and run its timeline (docs/scenarios.md); an error stops the start"),
        OptionSpec(
            "clock", value: "real|virtual",
            help: "virtual: the hub's timers move only when a client advances the clock (advance_clock)"),
        OptionSpec(
            "ready-file", value: "PATH",
            help: "once ready, write how to reach this hub to PATH as one JSON object (0600, it holds the token)"),
        OptionSpec("ready-fd", value: "N", help: "once ready, write that JSON object to descriptor N and close it"),
        OptionSpec(
            "record-inputs", value: "PATH",
            help: "write every input the hub handles to PATH as a journal (0600: it holds requests' secrets, a Wi-Fi "
                + "password too); needs --ephemeral"),
        OptionSpec(
            "replay", value: "PATH",
            help: "run a hub from the input journal at PATH, without sockets, and report the first divergence; "
                + "exit 1 on one"),
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
if let path = parsed.value("replay") {
    let (line, same) = InputJournalReplay.run(path: path)
    if same {
        print(line)
        exit(0)
    }
    FileHandle.standardError.write(Data("mhubd: \(line)\n".utf8))
    exit(1)
}

do {
    let readyDescriptor = try parsed.integer("ready-fd", as: Int32.self)
    let overrides = try DaemonOverrides.parse(
        values: parsed.values.compactMapValues(\.last), flags: parsed.flags,
        workingDirectory: FileManager.default.currentDirectoryPath)
    let (configuration, path) = try ConfigurationFile.resolve(explicitPath: parsed.value("config"))
    if parsed.flag("check-config") {
        print("\(path ?? "built-in defaults"): ok")
        print(JSONWriter.pretty(overrides.applied(to: configuration, ephemeralDirectory: nil).json))
        exit(0)
    }
    let effective = overrides.applied(to: configuration, ephemeralDirectory: nil)
    let daemon = Daemon(
        configuration: configuration, configurationPath: path, overrides: overrides,
        readyFile: parsed.value("ready-file"), readyDescriptor: readyDescriptor,
        logger: Logger(level: effective.logLevel))
    do {
        try daemon.start()
    } catch {
        FileHandle.standardError.write(Data("mhubd: cannot start: \(error)\n".utf8))
        exit(1)
    }
    while daemon.handle(signal: Signals.wait(for: Daemon.handledSignals)) == .keepRunning {}
    daemon.drain()
    exit(0)
} catch let error as UsageError {
    FileHandle.standardError.write(Data("mhubd: \(error.message) (see 'mhubd --help')\n".utf8))
    exit(64)
} catch {
    FileHandle.standardError.write(Data("mhubd: configuration error: \(error)\n".utf8))
    exit(78)  // EX_CONFIG (sysexits.h)
}
