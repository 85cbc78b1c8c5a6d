import DNSSDPeerSupport
import Testing

/// Every test that needs avahi-daemon, one at a time: some stop and restart it, so each also holds the
/// machine-wide avahi-daemon lock that mhubd's own peer tests take. Outside CI they are skipped when the
/// daemon cannot be started; in CI they run anyway, and fail.
@Suite(.serialized, .enabled(if: AvahiDaemon.peerTestsEnabled), .avahiDaemonLock, .timeLimit(AvahiDaemonLock.timeLimit))
enum AvahiPeerTests {}
