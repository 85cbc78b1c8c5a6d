import DNSSDPeerSupport
import Foundation
import Testing

/// A DNS-SD service as a test expects peers to see it: written out from the Matter reference, not taken
/// from mhubd's own report.
struct ExpectedService {
    var type: String
    var name: String
    var port: UInt16
    var txt: [[UInt8]]
    var subtypes: [String]

    init(_ type: String, _ name: String, port: UInt16, txt: [String], subtypes: [String] = []) {
        self.init(type, name, port: port, txtBytes: txt.map { Array($0.utf8) }, subtypes: subtypes)
    }

    init(_ type: String, _ name: String, port: UInt16, txtBytes: [[UInt8]], subtypes: [String] = []) {
        self.type = type
        self.name = name
        self.port = port
        self.txt = txtBytes
        self.subtypes = subtypes
    }

    /// The type, then each subtype as browsers ask for it (`_L3840._sub._matterc._udp`).
    var browsedTypes: [String] { [type] + subtypes.map { "\($0)._sub.\(type)" } }
}

/// Checks services with both peers on loopback: `avahi-browse -prt` (lines on `lo`) and python-zeroconf
/// bound to 127.0.0.1. Every type and subtype must list each instance with its port and exact TXT.
enum PeerCheck {
    static func seenByBothPeers(_ services: [ExpectedService]) throws {
        let types = Array(Set(services.flatMap(\.browsedTypes))).sorted()
        let resolved = try AvahiBrowse.resolveAll(types)
        for service in services {
            for type in service.browsedTypes {
                let found = resolved[type, default: []].filter { $0.name == service.name && $0.interface == "lo" }
                #expect(!found.isEmpty, "avahi-browse \(type) does not list \(service.name) on lo")
                for entry in found {
                    #expect(entry.type == service.type && entry.domain == "local", "\(type)")
                    #expect(entry.port == service.port, "avahi-browse \(type) port")
                    #expect(entry.txt == service.txt, "avahi-browse \(type) TXT \(entry.txt.map(text))")
                }
            }
        }
        guard try ZeroconfPeer.require() else { return }
        var expected: [(type: String, name: String)] = []
        for service in services {
            expected += service.browsedTypes.map { ($0, service.name) }
        }
        let browsed = try ZeroconfPeer.browse(types, expecting: expected, seconds: 15, interface: "127.0.0.1")
        for service in services {
            for type in service.browsedTypes {
                let instance = browsed[type]?.first { $0.name == service.name }
                #expect(instance != nil, "python-zeroconf \(type) does not list \(service.name)")
                #expect(instance?.port == service.port, "python-zeroconf \(type) port")
                #expect(instance?.type == service.type + ".local.")
                #expect(instance?.txtBytes == service.txt, "python-zeroconf \(type) TXT")
            }
        }
    }

    /// Whether `avahi-browse` lists `name` under `type` on loopback.
    static func listed(_ type: String, _ name: String) -> Bool {
        (try? AvahiBrowse.resolve(type))?.contains { $0.name == name && $0.interface == "lo" } == true
    }

    private static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
