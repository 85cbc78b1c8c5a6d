internal import CAvahi
import MHubDNSSD

/// Avahi's callbacks: each turns a C state into a state-machine event. They run on the poll thread with
/// its lock held.
extension AvahiPublisher {
    /// `AvahiClientCallback`. Avahi calls it from inside `avahi_client_new` too, before that returns the
    /// client, so the client is taken from the argument (as client-publish-service.c does).
    func clientChanged(_ client: OpaquePointer, _ clientState: AvahiClientState) {
        self.client = client
        switch clientState {
        case AVAHI_CLIENT_S_RUNNING:
            handle(state.clientRunning())
        case AVAHI_CLIENT_S_REGISTERING, AVAHI_CLIENT_S_COLLISION:
            handle(state.clientRegistering())
        case AVAHI_CLIENT_CONNECTING:
            handle(state.clientConnecting())
        case AVAHI_CLIENT_FAILURE:
            let disconnected = Int(avahi_client_errno(client)) == AVAHI_ERR_DISCONNECTED
            handle(state.clientFailed(disconnected: disconnected))
        default:
            break
        }
    }

    /// `AvahiEntryGroupCallback`. A group still being made by `avahi_entry_group_new` is not in `groupKeys`
    /// yet; its first callback says `UNCOMMITED`, which needs nothing.
    func groupChanged(_ group: OpaquePointer, _ groupState: AvahiEntryGroupState) {
        guard let key = groupKeys[group] else { return }
        switch groupState {
        case AVAHI_ENTRY_GROUP_REGISTERING:
            handle(state.groupRegistering(key))
        case AVAHI_ENTRY_GROUP_ESTABLISHED:
            handle(state.groupEstablished(key))
        case AVAHI_ENTRY_GROUP_COLLISION:
            handle(state.groupCollision(key))
        case AVAHI_ENTRY_GROUP_FAILURE:
            handle(state.groupFailed(key))
        default:
            break
        }
    }

    /// The client retry timer fired.
    func retryTimerFired() {
        cancelRetryTimer()
        handle(state.clientRetryDue())
    }
}

func avahiClientCallback(_ client: OpaquePointer?, _ state: AvahiClientState, _ userdata: UnsafeMutableRawPointer?) {
    guard let client, let userdata else { return }
    Unmanaged<AvahiPublisher>.fromOpaque(userdata).takeUnretainedValue().clientChanged(client, state)
}

func avahiGroupCallback(_ group: OpaquePointer?, _ state: AvahiEntryGroupState, _ userdata: UnsafeMutableRawPointer?) {
    guard let group, let userdata else { return }
    Unmanaged<AvahiPublisher>.fromOpaque(userdata).takeUnretainedValue().groupChanged(group, state)
}

func avahiRetryCallback(_ timeout: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?) {
    guard let userdata else { return }
    Unmanaged<AvahiPublisher>.fromOpaque(userdata).takeUnretainedValue().retryTimerFired()
}
