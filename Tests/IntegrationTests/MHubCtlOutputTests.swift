import Foundation
import MHubJSON
import Testing

/// mhubctl prints text for people and JSON only when asked with `--json` (issue 11 point 11: `fault`, `permission`
/// and `device read` printed JSON either way).
@Suite struct MHubCtlOutputTests {
    @Test func faultPermissionAndDeviceReadPrintTextAndJSONOnlyWithTheFlag() throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        func mhubctl(_ arguments: String...) throws -> String {
            let result = try runProcess(Executables.mhubctl, ["--socket", daemon.socketPath] + arguments)
            #expect(result.status == 0, "mhubctl \(arguments.joined(separator: " ")): \(result.errors)")
            return result.output
        }
        func json(_ text: String) -> JSONValue? { try? JSONParser().parse(text) }

        let faults = try mhubctl("fault", "list")
        #expect(faults.hasPrefix("FAULT"))
        #expect(faults.contains("hub_offline") && json(faults) == nil)
        #expect(json(try mhubctl("fault", "list", "--json"))?["hub_offline"] == false)

        #expect(try mhubctl("permission", "list").hasPrefix("no permission is revoked"))
        #expect(try mhubctl("permission", "revoke", "guest") == "guest: permission on structure 1 revoked\n")
        let revoked = try mhubctl("permission", "list")
        #expect(revoked.hasPrefix("PRINCIPAL") && revoked.contains("guest") && json(revoked) == nil)
        #expect(
            json(try mhubctl("permission", "list", "--json")) == [
                ["principal": "guest", "structure_id": 1, "granted": false]
            ])
        #expect(json(try mhubctl("permission", "grant", "guest", "--json"))?["granted"] == true)

        _ = try mhubctl("commission", DaemonHarness.lampManual)
        #expect(try mhubctl("device", "read", "1", "1/6/0") == "1/6/0 = false\n")
        #expect(json(try mhubctl("device", "read", "1", "1/6/0", "--json")) == ["1/6/0": false])
        #expect(daemon.stop() == 0)
    }
}
