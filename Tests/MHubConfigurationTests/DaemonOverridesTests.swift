import MHubConfiguration
import Testing

@Suite struct DaemonOverridesTests {
    func parse(_ values: [String: String] = [:], _ flags: Set<String> = []) throws(ConfigurationError)
        -> DaemonOverrides
    {
        try DaemonOverrides.parse(values: values, flags: flags, workingDirectory: "/home/dev/project")
    }

    @Test func ephemeralGivesEveryPortZeroNoDNSSDAndItsOwnDirectory() throws {
        var file = DaemonConfiguration()
        file.stateDirectory = "/var/lib/mhubd"
        file.control.unixSocketPath = "/run/mhubd/mhubd.sock"
        let configuration = try parse([:], ["ephemeral"]).applied(to: file, ephemeralDirectory: "/tmp/e1")
        #expect(configuration.stateDirectory == "/tmp/e1")
        #expect(configuration.control.unixSocketPath == "/tmp/e1/mhubd.sock")
        #expect(configuration.control.tcpPort == 0)
        #expect(configuration.matter.port == 0)
        #expect(configuration.udc.port == 0)
        #expect(configuration.dnsSD.enabled == false)
        #expect(configuration.storageSync == .normal)
        #expect(try parse([:], []).applied(to: file, ephemeralDirectory: nil).storageSync == .full)
    }

    @Test func explicitFlagsWinOverEphemeralAndTheFile() throws {
        var file = DaemonConfiguration()
        file.logLevel = .warning
        let overrides = try parse(
            ["port": "5599", "socket": "run/hub.sock", "matter-port": "5541", "udc-port": "0", "log-level": "debug"],
            ["ephemeral", "dns-sd"])
        let configuration = overrides.applied(to: file, ephemeralDirectory: "/tmp/e2")
        #expect(configuration.control.tcpPort == 5599)
        #expect(configuration.control.unixSocketPath == "/home/dev/project/run/hub.sock")
        #expect(configuration.matter.port == 5541)
        #expect(configuration.dnsSD.enabled)
        #expect(configuration.logLevel == .debug)
        #expect(configuration.stateDirectory == "/tmp/e2")
    }

    @Test func withoutFlagsTheFileStandsAsItIs() throws {
        var file = DaemonConfiguration()
        file.control.tcpPort = 6000
        file.stateDirectory = "/srv/hub"
        #expect(try parse().applied(to: file, ephemeralDirectory: nil) == file)
    }

    @Test func relativeStateDirectoriesAreTakenFromTheWorkingDirectory() throws {
        #expect(try parse(["state-dir": "./state"]).stateDirectory == "/home/dev/project/state")
        #expect(try parse(["state-dir": "."]).stateDirectory == "/home/dev/project")
        #expect(try parse(["state-dir": "/abs"]).stateDirectory == "/abs")
    }

    static let badFlags: [(values: [String: String], flags: Set<String>, key: String)] = [
        (["port": "65536"], [], "--port"),
        (["matter-port": "x"], [], "--matter-port"),
        (["udc-port": "-1"], [], "--udc-port"),
        (["log-level": "loud"], [], "--log-level"),
        ([:], ["dns-sd", "no-dns-sd"], "--dns-sd"),
        (["state-dir": "/tmp/s"], ["ephemeral"], "--state-dir"),
    ]

    @Test(arguments: badFlags.indices)
    func badFlagsNameTheFlag(index: Int) {
        let (values, flags, key) = Self.badFlags[index]
        #expect(throws: ConfigurationError.self) { try parse(values, flags) }
        do {
            _ = try parse(values, flags)
        } catch {
            #expect(error.key == key, "\(error)")
        }
    }
}

/// `--record-inputs`: only for a hub that starts empty, and not from a scenario file.
@Suite struct RecordInputsOverrideTests {
    func parse(_ values: [String: String], _ flags: Set<String>) throws(ConfigurationError) -> DaemonOverrides {
        try DaemonOverrides.parse(values: values, flags: flags, workingDirectory: "/home/dev/project")
    }

    @Test func anEphemeralHubRecordsToAPathFromTheWorkingDirectory() throws {
        #expect(
            try parse(["record-inputs": "run/inputs.jsonl"], ["ephemeral"]).recordInputsPath
                == "/home/dev/project/run/inputs.jsonl")
        #expect(try parse([:], ["ephemeral"]).recordInputsPath == nil)
    }

    @Test func aHubWithAStateDirectoryOrAScenarioIsRefused() {
        #expect(throws: ConfigurationError.self) { try parse(["record-inputs": "/tmp/i.jsonl"], []) }
        #expect {
            try parse(["record-inputs": "/tmp/i.jsonl", "state-dir": "/var/lib/x"], [])
        } throws: { error in
            "\(error)".contains("--record-inputs: needs --ephemeral")
        }
        #expect {
            try parse(["record-inputs": "/tmp/i.jsonl", "scenario": "home.json"], ["ephemeral"])
        } throws: { error in
            "\(error)".contains("cannot be given with --scenario")
        }
    }
}
