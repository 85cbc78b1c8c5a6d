import DNSSDPeerSupport
import Foundation
import MHubJSON
import Testing

/// The port `_matterd._udp` advertises is served: User Directed Commissioning messages sent there reach the
/// hub (Matter reference E).
extension AdvertisingPeerTests {
    /// An IdentificationDeclaration as CHIP's commissionee sends it, laid out by hand: an unsecured message
    /// header without node IDs, protocol 0x0003 opcode 0x00 with the I flag, the 17-byte instance name
    /// block, then vendor 0xFFF1, product 0x8001, name "TV", CD port 5560.
    static func declaration(instance: String) -> [UInt8] {
        let headers: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x34, 0x12, 0x03, 0x00]
        let name = Array(instance.utf8) + [UInt8](repeating: 0, count: 17 - instance.utf8.count)
        let tlv: [UInt8] = [
            0x15, 0x25, 0x01, 0xF1, 0xFF, 0x25, 0x02, 0x01, 0x80, 0x2C, 0x03, 0x02, 0x54, 0x56, 0x25, 0x08, 0xB8, 0x15,
            0x18,
        ]
        return headers + name + tlv
    }

    /// Sends each datagram from one UDP socket, `pause` microseconds apart, as a commissionee does.
    static func send(_ datagrams: [[UInt8]], toPort port: UInt16, pause: UInt32 = 100_000) throws {
        let fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        guard fd >= 0 else { throw TestFailure("socket: errno \(errno)") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        for datagram in datagrams {
            let sent = datagram.withUnsafeBytes { bytes in
                withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        sendto(fd, bytes.baseAddress, bytes.count, 0, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                    }
                }
            }
            guard sent == datagram.count else { throw TestFailure("sendto: errno \(errno)") }
            usleep(pause)
        }
    }

    @Test func declarationsSentToTheAdvertisedPortReachTheHub() throws {
        let hub = try AdvertisedHub()
        try hub.daemon.start()
        defer { hub.daemon.stop() }
        #expect(hub.waitUntil(within: 10, ["commissioner": "established"]))
        let commissioner = try #require(try hub.advertised("commissioner")?["name"].flatMap(Self.string))
        // The port a commissionee finds by browsing, not the one the test configured.
        let browsed = try AvahiBrowse.resolve("_matterd._udp").first {
            $0.name == commissioner && $0.interface == "lo"
        }
        let port = try #require(browsed?.port)
        #expect(port == hub.udcPort)

        let instance = "0F1E2D3C4B5A6978"
        // CHIP sends it 5 times, 100 ms apart; then something that is not a Matter message.
        let copies = Array(repeating: Self.declaration(instance: instance), count: 5)
        try Self.send(copies + [Array("not a Matter message".utf8)], toPort: port)
        #expect(eventually(within: 3) { (try? hub.call("get_udc_requests"))?.first?["count"] == 5 })
        let requests = try hub.call("get_udc_requests")
        guard case .array(let list) = requests, list.count == 1 else {
            throw TestFailure("one request expected, the other datagram ignored: \(requests)")
        }
        let request = list[0]
        #expect(request["instance_name"] == .string(instance))
        #expect(request["vendor_id"] == 65521 && request["product_id"] == 32769 && request["device_name"] == "TV")
        #expect(request["cd_port"] == 5560)
        guard case .string(let source)? = request["source"] else { throw TestFailure("no source") }
        #expect(source.hasPrefix("127.0.0.1:"))
        #expect(
            hub.daemon.log.contains(
                "UDC IdentificationDeclaration from \(source): instance \(instance), vendor 65521, product 32769"))

        let listed = try runProcess(Executables.mhubctl, ["hub", "udc", "--socket", hub.daemon.socketPath])
        #expect(
            listed.status == 0 && listed.output.contains(instance) && listed.output.contains("TV"), "\(listed.output)")
    }
}

extension JSONValue {
    /// The first element of an array.
    var first: JSONValue? {
        if case .array(let items) = self { return items.first }
        return nil
    }
}
