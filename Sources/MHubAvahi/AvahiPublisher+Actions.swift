internal import CAvahi
import MHubDNSSD

/// The state machine's actions as Avahi calls, in the order of avahi's client-publish-service.c.
extension AvahiPublisher {
    /// Runs `actions` in order. The poll lock is held.
    ///
    /// A call that fails becomes an event (`AVAHI_ERR_COLLISION` from adding a service means a local service
    /// holds the name), whose actions run at once; the rest of this batch for that service is skipped.
    func perform(_ actions: [AvahiPublisherState.Action]) {
        var skipped: Set<DNSSDService.Key> = []
        func fail(_ key: DNSSDService.Key, _ error: Int32) {
            skipped.insert(key)
            let isCollision = Int(error) == AVAHI_ERR_COLLISION
            handle(isCollision ? state.groupCollision(key) : state.groupFailed(key))
        }
        for action in actions {
            switch action {
            case .createGroup(let key):
                guard !skipped.contains(key) else { continue }
                if group(for: key) == nil {
                    fail(key, clientErrno())
                }
            case .addService(let key, let service):
                guard !skipped.contains(key) else { continue }
                let error = add(service, key: key)
                if error < 0 {
                    fail(key, error)
                }
            case .commit(let key):
                guard !skipped.contains(key) else { continue }
                let error = groups[key].map { avahi_entry_group_commit($0) } ?? Int32(AVAHI_ERR_BAD_STATE)
                if error < 0 {
                    fail(key, error)
                }
            case .resetGroup(let key), .reportCollision(let key, _):
                if let group = groups[key] {
                    avahi_entry_group_reset(group)
                }
            case .freeGroup(let key):
                if let group = groups.removeValue(forKey: key) {
                    groupKeys[group] = nil
                    avahi_entry_group_free(group)
                }
            case .renameAndRepublish(let key, let service):
                if let group = groups[key] {
                    avahi_entry_group_reset(group)
                }
                var error = add(service, key: key)
                if error >= 0, let group = groups[key] {
                    error = avahi_entry_group_commit(group)
                }
                if error < 0 {
                    fail(key, error)
                }
            case .recreateClient:
                recreateClient()
            case .scheduleClientRetry(let milliseconds):
                scheduleRetry(milliseconds: milliseconds)
            }
        }
    }

    /// The service's entry group, made if it has none (a failed `avahi_entry_group_new` leaves none).
    private func group(for key: DNSSDService.Key) -> OpaquePointer? {
        if let group = groups[key] {
            return group
        }
        guard let client, let group = avahi_entry_group_new(client, avahiGroupCallback, userdata) else {
            return nil
        }
        groups[key] = group
        groupKeys[group] = key
        return group
    }

    /// Adds the service and its subtypes to its group, on each of its interfaces (every interface when it
    /// names none); returns 0 or a negative Avahi error.
    private func add(_ service: DNSSDService, key: DNSSDService.Key) -> Int32 {
        guard let group = group(for: key) else { return clientErrno() }
        let interfaces =
            service.interfaces.isEmpty
            ? [AvahiIfIndex(AVAHI_IF_UNSPEC)]
            : service.interfaces.map {
                AvahiIfIndex(bitPattern: $0)
            }
        let proto = AvahiProtocol(AVAHI_PROTO_UNSPEC)
        let flags = AvahiPublishFlags(0)
        let txt = AvahiTXT.stringList(service.txt)
        defer { avahi_string_list_free(txt) }
        var error: Int32 = 0
        for interface in interfaces where error >= 0 {
            error = avahi_entry_group_add_service_strlst(
                group, interface, proto, flags, service.instanceName, service.type, nil, nil, service.port, txt)
            for subtype in service.subtypeServiceTypes where error >= 0 {
                error = avahi_entry_group_add_service_subtype(
                    group, interface, proto, flags, service.instanceName, service.type, nil, subtype)
            }
        }
        return error
    }

    /// Frees the client (and with it every group) and makes a new one that waits for the daemon.
    private func recreateClient() {
        cancelRetryTimer()
        if let client {
            avahi_client_free(client)
        }
        client = nil
        groups = [:]
        groupKeys = [:]
        var error: Int32 = 0
        // The callback may run inside avahi_client_new and already set `client`.
        let made = avahi_client_new(
            avahi_threaded_poll_get(poll), AVAHI_CLIENT_NO_FAIL, avahiClientCallback, userdata, &error)
        client = made
        if made == nil {
            handle(state.clientCreationFailed())
        }
    }

    private func scheduleRetry(milliseconds: Int) {
        cancelRetryTimer()
        guard let api = avahi_threaded_poll_get(poll), let timeoutNew = api.pointee.timeout_new else { return }
        var when = timeval()
        avahi_elapse_time(&when, UInt32(milliseconds), 0)
        retryTimer = timeoutNew(api, &when, avahiRetryCallback, userdata)
    }

    func cancelRetryTimer() {
        guard let retryTimer else { return }
        avahi_threaded_poll_get(poll)?.pointee.timeout_free?(retryTimer)
        self.retryTimer = nil
    }

    private func clientErrno() -> Int32 {
        client.map { avahi_client_errno($0) } ?? Int32(AVAHI_ERR_DISCONNECTED)
    }
}
