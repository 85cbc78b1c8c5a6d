import Foundation
import Testing

/// The unit files in `systemd/`, checked by systemd's own tools (Debian's `systemd` package).
@Suite struct SystemdUnitTests {
    static let unitDirectory = Executables.repositoryRoot.appendingPathComponent("systemd")
    static let unitNames = ["mhubd.service", "mhubd.socket", "mhubd-websocket.socket", "mhubd@.service"]

    /// The units copied to a temporary directory, with `ExecStart=` pointing at the built mhubd, since
    /// `systemd-analyze verify` checks that the program exists and /usr/bin/mhubd is not installed here.
    func unitsForVerification() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mhubd-units-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in Self.unitNames {
            var text = try String(contentsOf: Self.unitDirectory.appendingPathComponent(name), encoding: .utf8)
            text = text.replacingOccurrences(
                of: "ExecStart=/usr/bin/mhubd ", with: "ExecStart=\(Executables.mhubd.path) ")
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        return directory
    }

    @Test func systemdAnalyzeVerifyFindsNothing() throws {
        let directory = try unitsForVerification()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runProcess(
            URL(fileURLWithPath: "/usr/bin/systemd-analyze"),
            ["verify"] + Self.unitNames.map { directory.appendingPathComponent($0).path })
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.output.isEmpty, "\(result.output)")
    }

    @Test func exposureIsAtMostTwoAndTheReadmeSaysWhatItIs() throws {
        let result = try runProcess(
            URL(fileURLWithPath: "/usr/bin/systemd-analyze"),
            ["security", "--offline=yes", Self.unitDirectory.appendingPathComponent("mhubd.service").path])
        let line = try #require(
            result.output.split(separator: "\n").first { $0.contains("Overall exposure level for mhubd.service:") },
            "\(result.output)\(result.errors)")
        let match = try #require(line.firstMatch(of: /: (\d+\.\d+)\s/))
        let exposure = try #require(Double(match.1))
        #expect(exposure <= 2.0, "\(line)")

        let readme = try String(
            contentsOf: Executables.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("Overall exposure level: \(match.1)"), "README.md does not say \(match.1)")
    }

    @Test func theInstanceTemplateIsWhatItsScriptMakesFromTheService() throws {
        let made = try runProcess(
            URL(fileURLWithPath: "/bin/bash"),
            [Executables.repositoryRoot.appendingPathComponent("scripts/instance-unit.sh").path])
        #expect(made.status == 0, "\(made.errors)")
        let checkedIn = try String(
            contentsOf: Self.unitDirectory.appendingPathComponent("mhubd@.service"), encoding: .utf8)
        #expect(made.output == checkedIn, "systemd/mhubd@.service is stale: run scripts/instance-unit.sh")
        for line in [
            "ExecStart=/usr/bin/mhubd --config /etc/mhubd/%i.json --ready-file /run/mhubd/%i/ready.json",
            "StateDirectory=mhubd/%i", "RuntimeDirectory=mhubd/%i", "MemoryDenyWriteExecute=yes",
        ] {
            #expect(checkedIn.split(separator: "\n").contains(Substring(line)), "mhubd@.service lacks \(line)")
        }
        #expect(!checkedIn.contains("mhubd.socket"), "an instance has no socket units")
    }

    @Test func theUnitsAgreeWithWhatMhubdExpects() throws {
        func settings(_ name: String) throws -> [String] {
            try String(contentsOf: Self.unitDirectory.appendingPathComponent(name), encoding: .utf8)
                .split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && $0.contains("=") }
        }
        let service = try settings("mhubd.service")
        for required in [
            "Type=notify", "NotifyAccess=main", "WatchdogSec=30s", "Restart=on-failure",
            "ExecStart=/usr/bin/mhubd --config /etc/mhubd/mhubd.json", "ExecReload=/bin/kill -HUP $MAINPID",
            "User=mhub", "Group=mhub", "RuntimeDirectory=mhubd", "StateDirectory=mhubd",
            "ConfigurationDirectory=mhubd", "MemoryDenyWriteExecute=yes", "CapabilityBoundingSet=",
        ] {
            #expect(service.contains(required), "mhubd.service lacks \(required)")
        }
        // The names mhubd sorts passed sockets by (ActivatedSockets).
        #expect(try settings("mhubd.socket").contains("FileDescriptorName=control"))
        #expect(try settings("mhubd.socket").contains("ListenStream=/run/mhubd/mhubd.sock"))
        #expect(try settings("mhubd-websocket.socket").contains("FileDescriptorName=websocket"))
        #expect(try settings("mhubd-websocket.socket").contains("ListenStream=127.0.0.1:5580"))
    }
}
