extension AvahiPublisherState {
    /// The I/O owner is about to make the first client.
    public mutating func started() -> [Action] {
        [.recreateClient]
    }

    /// `AVAHI_CLIENT_CONNECTING`: the client waits for avahi-daemon to appear on the bus.
    public mutating func clientConnecting() -> [Action] {
        daemon = .unavailable
        forgetGroups()
        return []
    }

    /// `AVAHI_CLIENT_S_REGISTERING` or `AVAHI_CLIENT_S_COLLISION`: the daemon is (re)establishing its host
    /// name, so the services, whose SRV records name the host, are withdrawn until it runs again
    /// (client-publish-service.c resets its group in both states).
    public mutating func clientRegistering() -> [Action] {
        daemon = .registering
        var actions: [Action] = []
        for key in order {
            switch entries[key]?.group {
            case .registering, .established, .collision, .failed:
                actions.append(.resetGroup(key))
                entries[key]?.group = .empty
            case .absent, .empty, nil:
                break
            }
        }
        return actions
    }

    /// `AVAHI_CLIENT_S_RUNNING`: register every service that is not registered yet.
    public mutating func clientRunning() -> [Action] {
        daemon = .running
        var actions: [Action] = []
        for key in order {
            actions += register(key)
        }
        return actions
    }

    /// `AVAHI_CLIENT_FAILURE`. A lost daemon (`AVAHI_ERR_DISCONNECTED`) is replaced at once by a new client,
    /// which waits for the daemon to come back; any other failure is retried after a pause.
    public mutating func clientFailed(disconnected: Bool) -> [Action] {
        forgetGroups()
        if disconnected {
            daemon = .unavailable
            return [.recreateClient]
        }
        daemon = .failed
        return [.scheduleClientRetry(milliseconds: Self.clientRetryMilliseconds)]
    }

    /// `avahi_client_new` returned no client (no system bus, for instance).
    public mutating func clientCreationFailed() -> [Action] {
        daemon = .unavailable
        forgetGroups()
        return [.scheduleClientRetry(milliseconds: Self.clientRetryMilliseconds)]
    }

    /// The retry timer fired.
    public mutating func clientRetryDue() -> [Action] {
        [.recreateClient]
    }

    /// The client and with it every group are gone.
    private mutating func forgetGroups() {
        for key in order {
            entries[key]?.group = .absent
        }
    }

    /// The actions that register `key` if the client runs and the service is not registered.
    mutating func register(_ key: DNSSDService.Key) -> [Action] {
        guard daemon == .running, let entry = entries[key] else { return [] }
        let service = entry.service.renamed(entry.nameInUse)
        switch entry.group {
        case .absent:
            entries[key]?.group = .registering
            return [.createGroup(key), .addService(key, service), .commit(key)]
        case .empty:
            entries[key]?.group = .registering
            return [.addService(key, service), .commit(key)]
        case .registering, .established, .collision, .failed:
            return []
        }
    }
}
