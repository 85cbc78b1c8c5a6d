import Testing

/// Every test that needs avahi-daemon, one at a time: some stop and restart it. Outside CI they are skipped
/// when the daemon cannot be started; in CI they run anyway, and fail.
@Suite(.serialized, .enabled(if: AvahiDaemon.peerTestsEnabled), .timeLimit(.minutes(3)))
enum AvahiPeerTests {}
