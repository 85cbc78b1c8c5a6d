import Testing

@testable import MHubConfiguration

/// The `matter`, `udc`, `dns_sd` and `thread` sections and `hub.device_type` (docs/configuration.md).
@Suite struct DiscoveryConfigurationTests {
    func decode(_ text: String) throws(ConfigurationError) -> DaemonConfiguration {
        try DaemonConfiguration.decode(Array(text.utf8))
    }

    @Test func defaultsAreTheDocumentedOnes() {
        let configuration = DaemonConfiguration()
        #expect(configuration.hub.deviceType == 0x000E)
        #expect(configuration.matter.port == 5540)
        #expect(configuration.udc.port == 5550)
        #expect(configuration.dnsSD == DNSSDConfiguration())
        #expect(configuration.dnsSD.enabled && configuration.dnsSD.advertiseTCP)
        #expect(configuration.dnsSD.interfaces.isEmpty && configuration.dnsSD.retiredAdvertiseSimulatedDevices == nil)
        #expect(configuration.dnsSD.deprecationWarnings.isEmpty)
        let thread = configuration.thread
        #expect(thread.enabled && thread.role == .leader && thread.port == 49152)
        #expect(thread.instanceBaseName == "mhub Mock Hub")
        #expect(thread.extendedPANID == [0xDE, 0xAD, 0x00, 0xBE, 0xEF, 0x00, 0xCA, 0xFE])
        #expect(thread.omrPrefix?.description == "fd4d:4855:4200:1::/64")
        #expect(thread.borderAgentID.map { String(decoding: $0, as: UTF8.self) } == "MHUB-BORDER-AGEN")
    }

    @Test func readsEveryDiscoveryKey() throws {
        let configuration = try decode(
            """
            {"hub": {"device_type": 35},
             "matter": {"port": 5541}, "udc": {"port": 0},
             "dns_sd": {"enabled": false, "interfaces": ["lo", "eth0"], "advertise_simulated_devices": true,
                        "advertise_tcp": false},
             "thread": {"enabled": false, "instance_name": "Lab BR", "port": 49191, "role": "router",
                        "thread_version": "1.3.0", "network_name": "lab", "extended_pan_id": "0011223344556677",
                        "extended_address": "a1b2c3d4e5f60718", "partition_id": 7, "active_timestamp": 99,
                        "border_agent_id": null, "epskc_supported": true,
                        "backbone_router": {"sequence_number": 3, "primary": false}, "domain_name": "Thread",
                        "omr_prefix": "fd00:1:2:3::/64", "vendor_name": "Lab", "model_name": "BR-1",
                        "vendor_oui": "00D0F1", "vendor_txt": {"vx": "1"}}}
            """)
        #expect(configuration.hub.deviceType == 35)
        #expect(configuration.matter.port == 5541)
        #expect(configuration.udc.port == 0)
        #expect(configuration.dnsSD.interfaces == ["lo", "eth0"])
        #expect(!configuration.dnsSD.enabled && configuration.dnsSD.retiredAdvertiseSimulatedDevices == true)
        #expect(!configuration.dnsSD.advertiseTCP)
        let thread = configuration.thread
        #expect(!thread.enabled && thread.instanceBaseName == "Lab BR" && thread.port == 49191)
        #expect(thread.role == .router && thread.threadVersion == "1.3.0" && thread.networkName == "lab")
        #expect(thread.extendedAddress == [0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0xF6, 0x07, 0x18])
        #expect(thread.partitionID == 7 && thread.activeTimestampSeconds == 99)
        #expect(thread.borderAgentID == nil && thread.ephemeralKeySupported)
        #expect(thread.backboneRouter == ThreadConfiguration.BackboneRouter(sequenceNumber: 3, primary: false))
        #expect(thread.domainName == "Thread")
        #expect(thread.omrPrefix?.address.prefix(8) == [0xFD, 0x00, 0x00, 0x01, 0x00, 0x02, 0x00, 0x03])
        #expect(thread.vendorOUI == [0x00, 0xD0, 0xF1] && thread.vendorTXT == ["vx": "1"])
        // The effective configuration written back reads the same.
        #expect(try DaemonConfiguration.decode(configuration.json) == configuration)
    }

    /// `dns_sd.advertise_simulated_devices` is retired: still read, so older files load, and named in a warning.
    @Test func theRetiredSimulatedDevicesKeyLoadsWithAWarning() throws {
        for value in [true, false] {
            let configuration = try decode(#"{"dns_sd": {"advertise_simulated_devices": \#(value)}}"#)
            #expect(configuration.dnsSD.retiredAdvertiseSimulatedDevices == value)
            #expect(
                configuration.dnsSD.deprecationWarnings == [
                    "configuration: dns_sd.advertise_simulated_devices (\(value)) is deprecated and has no effect: "
                        + "a simulated device gets DNS-SD records of its own, on its own port, when it is on the network "
                        + "(on_network: true; docs/dns-sd.md, \"Devices on the network\"); remove the key"
                ])
        }
        let error = #expect(throws: ConfigurationError.self) {
            try decode(#"{"dns_sd": {"advertise_simulated_devices": "yes"}}"#)
        }
        #expect(error?.key == "dns_sd.advertise_simulated_devices")
    }

    @Test(arguments: [
        ("fd4d:4855:4200:1::/64", "fd4d:4855:4200:1::/64"),
        ("FD00:0:0:0:0:0:0:1/128", "fd00::1/128"),
        ("::/0", "::/0"),
        ("1:2:3:4:5:6:7:8/64", "1:2:3:4:5:6:7:8/64"),
        ("1:0:0:2:0:0:0:3/48", "1:0:0:2::3/48"),
    ])
    func ipv6PrefixesReadAndWriteBack(text: String, written: String) {
        #expect(IPv6Prefix(text)?.description == written)
    }

    @Test(arguments: ["fd00::1::2/64", "fd00::/129", "fd00::", "1:2:3:4:5:6:7/64", "12345::/64", "::ffff:1.2.3.4/96"])
    func badIPv6PrefixesAreRefused(text: String) {
        #expect(IPv6Prefix(text) == nil)
    }

    @Test(arguments: [
        (#"{"matter":{"port":70000}}"#, "matter.port", "must be a whole number from 0 to 65535"),
        (#"{"udc":{"prot":5550}}"#, "udc.prot", "unknown key"),
        (#"{"dns_sd":{"interfaces":"eth0"}}"#, "dns_sd.interfaces", "must be an array of interface names"),
        (#"{"dns_sd":{"interfaces":["eth0","eth0"]}}"#, "dns_sd.interfaces", "names \"eth0\" twice"),
        (
            #"{"dns_sd":{"interfaces":["a-very-long-interface"]}}"#, "dns_sd.interfaces",
            "must hold interface names of 1 to 15 bytes"
        ),
        (#"{"hub":{"device_type":-1}}"#, "hub.device_type", "must be a whole number from 0 to 4294967295"),
        (
            #"{"thread":{"role":"boss"}}"#, "thread.role",
            "must be one of disabled, detached, child, router, leader, not \"boss\""
        ),
        (
            #"{"thread":{"network_name":"a-network-name-too-long"}}"#, "thread.network_name",
            "must be 1 to 16 bytes of UTF-8"
        ),
        (
            #"{"thread":{"extended_pan_id":"DEAD"}}"#, "thread.extended_pan_id",
            "must be 16 hexadecimal digits (8 bytes)"
        ),
        (
            #"{"thread":{"extended_address":null}}"#, "thread.extended_address",
            "must be 16 hexadecimal digits (8 bytes)"
        ),
        (#"{"thread":{"vendor_oui":"XYZXYZ"}}"#, "thread.vendor_oui", "must be 6 hexadecimal digits (3 bytes)"),
        (
            #"{"thread":{"omr_prefix":"fd00::/96"}}"#, "thread.omr_prefix",
            "must be an IPv6 prefix of 1 to 64 bits, e.g. fd00:1::/64"
        ),
        (
            #"{"thread":{"vendor_txt":{"nn":"x"}}}"#, "thread.vendor_txt.nn",
            "vendor TXT keys start with \"v\" and are not vn or vo"
        ),
        (
            #"{"thread":{"active_timestamp":281474976710656}}"#, "thread.active_timestamp",
            "must be a whole number from 0 to 281474976710655"
        ),
        (#"{"thread":{"backbone_router":{"seq":1}}}"#, "thread.backbone_router.seq", "unknown key"),
    ])
    func badDiscoveryKeysAreNamed(text: String, key: String, reason: String) {
        #expect(throws: ConfigurationError(key: key, reason: reason)) { try decode(text) }
    }
}
