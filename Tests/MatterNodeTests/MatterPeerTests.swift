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
}
