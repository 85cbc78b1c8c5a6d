import Testing

@testable import MHubCore

@Suite struct DaemonConfigurationTests {
    func decode(_ text: String) throws(ConfigurationError) -> DaemonConfiguration {
        try DaemonConfiguration.decode(Array(text.utf8))
    }

    @Test func emptyObjectGivesDefaults() throws {
        #expect(try decode("{}") == DaemonConfiguration())
    }

    @Test func theRepositoryConfigurationIsTheDefaults() throws {
        // config/mhubd.json documents the defaults; keep the two the same.
        let text = """
            {"log_level": "info", "hub": {"name": "mhub", "vendor_id": 65521, "product_id": 32769,
             "discriminator": 3840, "passcode": 20202021}}
            """
        #expect(try decode(text) == DaemonConfiguration())
        #expect(try DaemonConfiguration.decode(DaemonConfiguration().json) == DaemonConfiguration())
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
        ("{", "", "invalid JSON at byte 1: expected a string key"),
    ])
    func badFilesNameTheKey(text: String, key: String, reason: String) {
        #expect(throws: ConfigurationError(key: key, reason: reason)) { try decode(text) }
    }
}
