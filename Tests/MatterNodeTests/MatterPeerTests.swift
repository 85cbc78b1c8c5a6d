import Testing

@testable import MatterNode

@Suite struct MatterPeerTests {
    @Test(arguments: [
        ("127.0.0.1:5540", "127.0.0.1"), ("[::1]:40000", "[::1]"), ("[::ffff:10.0.0.2]:1", "[::ffff:10.0.0.2]"),
        ("[fe80::1%mh0]:5540", "[fe80::1%mh0]"), ("[::1]", "[::1]"), ("unknown", "unknown"),
    ])
    func theHostIsTheAddressWithoutItsPort(name: String, host: String) {
        #expect(MatterPeer.host(of: name) == host)
        #expect(MatterPeer.tcp(connection: 1, name: name).host == host)
    }

    /// The port makes an address's text once and hands the same bytes with it; the bytes alone say which peer it is.
    @Test func udpAddressesAreTheSameWhenTheirBytesAre() {
        let bytes: [UInt8] = [2, 0, 0x9D, 0x40, 127, 0, 0, 1]
        let one = MatterUDPAddress(bytes: bytes, text: "127.0.0.1:40256")
        #expect(one == MatterUDPAddress(bytes: bytes, text: "another text"))
        #expect(one.hashValue == MatterUDPAddress(bytes: bytes, text: "").hashValue)
        #expect(one != MatterUDPAddress(bytes: [2, 0, 0x9D, 0x41, 127, 0, 0, 1], text: "127.0.0.1:40256"))
    }
}
