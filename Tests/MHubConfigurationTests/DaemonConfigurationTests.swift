import Foundation
import MHubJSON
import Testing

@testable import MHubConfiguration

@Suite struct DaemonConfigurationTests {
    func decode(_ text: String) throws(ConfigurationError) -> DaemonConfiguration {
        try DaemonConfiguration.decode(Array(text.utf8))
    }

    @Test func emptyObjectGivesDefaults() throws {
        #expect(try decode("{}") == DaemonConfiguration())
    }

    @Test func theRepositoryConfigurationSpellsOutTheDefaults() throws {
        // config/mhubd.json writes every default out, plus one simulated light for the README tour.
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("config/mhubd.json")
        var configuration = try DaemonConfiguration.decode(Array(try Data(contentsOf: url)))
        #expect(configuration.simulatedDevices.count == 1)
        configuration.simulatedDevices = []
        #expect(configuration == DaemonConfiguration())
        #expect(try DaemonConfiguration.decode(DaemonConfiguration().json) == DaemonConfiguration())
    }

    @Test func readsStorageSyncAndRefusesAnUnknownOne() throws {
        #expect(try decode(#"{"storage_sync":"normal"}"#).storageSync == .normal)
        #expect(try decode(#"{"storage_sync":"full"}"#).storageSync == .full)
        let error = #expect(throws: ConfigurationError.self) { try decode(#"{"storage_sync":"off"}"#) }
        #expect(error?.key == "storage_sync")
        #expect(error?.description.contains("full, normal") == true)
    }

    @Test func readsAppGroupRules() throws {
        let configuration = try decode(
            #"{"control": {"app_groups": [{"name": "group.com.example.app", "principals": ["uid:501", "*"]}]}}"#)
        #expect(
            configuration.control.appGroups == [
                AppGroupRule(name: "group.com.example.app", principals: ["uid:501", "*"])
            ])
        #expect(try DaemonConfiguration.decode(configuration.json) == configuration)
        #expect(AppGroupRule.isValidName("group.com.example.app-2_b"))
        #expect(!AppGroupRule.isValidName("group."))
        #expect(!AppGroupRule.isValidName("group.com/example"))
        #expect(!AppGroupRule.isValidName("group." + String(repeating: "a", count: 123)))
    }

    @Test func readsControlCommissioningAndSimulatedDevices() throws {
        let configuration = try decode(
            """
            {"control": {"tcp_port": 0, "tokens": [{"name": "ci", "token": "0123456789abcdef", "scope": "read"}]},
             "commissioning": {"timing_profile": "realistic", "session_timeout_s": 60},
             "simulated_devices": [{"template": "door-lock", "discriminator": 5, "passcode": 1234}]}
            """)
        #expect(configuration.control.tcpPort == 0)
        #expect(configuration.control.tokens == [AccessToken(name: "ci", token: "0123456789abcdef", scope: "read")])
        #expect(configuration.commissioning.timingProfile == "realistic")
        #expect(configuration.simulatedDevices.first?.template == "door-lock")
        // Tokens are not logged.
        #expect(!JSONWriter.compact(configuration.json).contains("0123456789abcdef"))
    }

    @Test func readsEveryKey() throws {
        let configuration = try decode(
            #"{"log_level":"debug","hub":{"name":"Lab","vendor_id":1,"product_id":2,"discriminator":7,"passcode":1234}}"#
        )
        #expect(configuration.logLevel == .debug)
        #expect(configuration.hub.name == "Lab")
        #expect(configuration.hub.vendorID == 1)
        #expect(configuration.hub.productID == 2)
        #expect(configuration.hub.discriminator == 7)
        #expect(configuration.hub.passcode == 1234)
    }

    @Test func readsTheMatterPortAndTheHubsBasicInformation() throws {
        let defaults = try decode("{}")
        #expect(defaults.matter == MatterConfiguration())
        #expect(defaults.matter.enabled && defaults.matter.port == 5540 && defaults.matter.paseTimeoutSeconds == 60)
        let configuration = try decode(
            """
            {"matter": {"enabled": false, "port": 0, "pase_timeout_s": 5},
             "hub": {"vendor_name": "Acme", "product_name": "Hub 1", "serial_number": "SN-1"}}
            """)
        #expect(!configuration.matter.enabled)
        #expect(configuration.matter.port == 0)
        #expect(configuration.matter.paseTimeoutSeconds == 5)
        #expect(configuration.hub.vendorName == "Acme")
        #expect(configuration.hub.productName == "Hub 1")
        #expect(configuration.hub.serialNumber == "SN-1")
        #expect(try DaemonConfiguration.decode(configuration.json) == configuration)
    }

    @Test(arguments: [
        (#"{"log_levle":"info"}"#, "log_levle", "unknown key"),
        (#"{"hub":{"pascode":1}}"#, "hub.pascode", "unknown key"),
        (#"{"log_level":"loud"}"#, "log_level", "must be one of error, warning, notice, info, debug, not \"loud\""),
        (#"{"log_level":3}"#, "log_level", "must be a string, not a number"),
        (#"{"hub":[]}"#, "hub", "must be an object, not an array"),
        (#"{"hub":{"discriminator":4096}}"#, "hub.discriminator", "must be a whole number from 0 to 4095"),
        (#"{"hub":{"vendor_id":"0xFFF1"}}"#, "hub.vendor_id", "must be a whole number from 0 to 65535"),
        (#"{"hub":{"passcode":11111111}}"#, "hub.passcode", "passcode 11111111 is one of the forbidden trivial ones"),
        (#"{"hub":{"passcode":0}}"#, "hub.passcode", "passcode 0 is outside 1 to 99999998"),
        (#"{"hub":{"vendor_id":65535}}"#, "hub.vendor_id", "vendor ID 0xFFFF is reserved (use 0 or 0x0001-0xFFF4)"),
        (#"{"hub":{"name":""}}"#, "hub.name", "must be 1 to 32 bytes of UTF-8"),
        ("[]", "", "must be an object, not an array"),
        (#"{"control":{"tcp_port":70000}}"#, "control.tcp_port", "must be a whole number from 0 to 65535"),
        (
            #"{"control":{"tokens":[{"name":"x","token":"short"}]}}"#, "control.tokens[0]",
            "needs a \"name\" and a \"token\" of at least 16 characters"
        ),
        (
            #"{"control":{"app_groups":[{"name":"com.example.app","principals":[]}]}}"#,
            "control.app_groups[0].name", "must be an app group such as \"group.com.example.app\""
        ),
        (
            #"{"control":{"app_groups":[{"name":"group.a","principals":"*"}]}}"#,
            "control.app_groups[0].principals",
            "must be an array of principals (\"uid:1000\", \"loopback\", a token's name, \"*\")"
        ),
        (
            #"{"control":{"app_groups":[{"name":"group.a","principals":[]},{"name":"group.a","principals":[]}]}}"#,
            "control.app_groups[1].name", "names group.a a second time"
        ),
        (
            #"{"control":{"loopback_scope":"root"}}"#, "control.loopback_scope",
            "must be one of read, control, commission, admin, none, not \"root\""
        ),
        (
            #"{"commissioning":{"timing_profile":"slow"}}"#, "commissioning.timing_profile",
            "must be one of instant, realistic, not \"slow\""
        ),
        (
            #"{"simulated_devices":[{"template":"toaster","discriminator":1,"passcode":1234}]}"#,
            "simulated_devices[0].template",
            "must be one of \(DeviceTemplateNames.all.joined(separator: ", ")), not \"toaster\""
        ),
        (
            #"{"simulated_devices":[{"template":"door-lock","passcode":1234}]}"#, "simulated_devices[0]",
            "needs \"discriminator\" and \"passcode\""
        ),
        (#"{"state_directory":"relative/path"}"#, "state_directory", "must be an absolute path"),
        (#"{"matter":{"port":-1}}"#, "matter.port", "must be a whole number from 0 to 65535"),
        (#"{"matter":{"pase_timeout_s":0}}"#, "matter.pase_timeout_s", "must be a whole number from 1 to 3600"),
        (#"{"matter":{"enabled":"yes"}}"#, "matter.enabled", "must be true or false, not a string"),
        (#"{"matter":{"prot":5540}}"#, "matter.prot", "unknown key"),
        (
            #"{"hub":{"serial_number":"0123456789012345678901234567890123"}}"#, "hub.serial_number",
            "must be at most 32 bytes of UTF-8"
        ),
        ("{", "", "invalid JSON at byte 1: expected a string key"),
    ])
    func badFilesNameTheKey(text: String, key: String, reason: String) {
        #expect(throws: ConfigurationError(key: key, reason: reason)) { try decode(text) }
    }
}
