extension AvahiPublisherState {
    /// The set of services to publish changed (`AvahiPublisher.publish`); `[]` withdraws everything.
    ///
    /// Services are matched by `DNSSDService.Key`. A service no longer in the set has its group freed; a new
    /// one is registered; a changed one is re-registered under its name in use (TXT and subtypes both change
    /// with the commissioning window, so the group is reset rather than its TXT updated). A service whose
    /// name collided or that failed is tried again even when unchanged. A key given twice takes the last
    /// service given for it.
    public mutating func servicesChanged(_ services: [DNSSDService]) -> [Action] {
        var wanted: [DNSSDService.Key: DNSSDService] = [:]
        var wantedOrder: [DNSSDService.Key] = []
        for service in services {
            if wanted.updateValue(service, forKey: service.key) == nil {
                wantedOrder.append(service.key)
            }
        }

        var actions: [Action] = []
        for key in order where wanted[key] == nil {
            if let entry = entries.removeValue(forKey: key), entry.group != .absent {
                actions.append(.freeGroup(key))
            }
        }
        for key in wantedOrder {
            guard let service = wanted[key] else { continue }
            if let entry = entries[key] {
                actions += update(key, entry: entry, to: service)
            } else {
                entries[key] = Entry(service: service, nameInUse: service.instanceName, group: .absent)
                actions += register(key)
            }
        }
        order = wantedOrder
        return actions
    }

    private mutating func update(_ key: DNSSDService.Key, entry: Entry, to service: DNSSDService) -> [Action] {
        let retry = entry.group == .collision || entry.group == .failed
        guard entry.service != service || retry else { return [] }
        entries[key]?.service = service
        guard daemon == .running else { return [] }
        switch entry.group {
        case .absent, .empty:
            return register(key)
        case .registering, .established, .collision, .failed:
            entries[key]?.group = .empty
            return [.resetGroup(key)] + register(key)
        }
    }

    /// `AVAHI_ENTRY_GROUP_REGISTERING`.
    public mutating func groupRegistering(_ key: DNSSDService.Key) -> [Action] {
        if let group = entries[key]?.group, group == .empty || group == .registering {
            entries[key]?.group = .registering
        }
        return []
    }

    /// `AVAHI_ENTRY_GROUP_ESTABLISHED`.
    public mutating func groupEstablished(_ key: DNSSDService.Key) -> [Action] {
        if entries[key]?.group == .registering {
            entries[key]?.group = .established
        }
        return []
    }

    /// `AVAHI_ENTRY_GROUP_COLLISION`, or `AVAHI_ERR_COLLISION` when adding the service (a local service holds
    /// the name).
    ///
    /// With `CollisionPolicy.alternativeName` the service is republished under the next alternative name;
    /// with `.keepName` the collision is reported and the service waits for the next `servicesChanged`.
    public mutating func groupCollision(_ key: DNSSDService.Key) -> [Action] {
        guard let entry = entries[key], entry.group != .absent else { return [] }
        switch entry.service.collisionPolicy {
        case .alternativeName:
            guard let name = AvahiServiceName.alternative(to: entry.nameInUse) else {
                entries[key]?.group = .failed
                return []
            }
            entries[key]?.nameInUse = name
            entries[key]?.group = .registering
            return [.renameAndRepublish(key, entry.service.renamed(name))]
        case .keepName:
            entries[key]?.group = .collision
            return [.reportCollision(key, name: entry.nameInUse)]
        }
    }

    /// `AVAHI_ENTRY_GROUP_FAILURE`, or an error other than a collision from an entry-group call.
    public mutating func groupFailed(_ key: DNSSDService.Key) -> [Action] {
        if let group = entries[key]?.group, group != .absent {
            entries[key]?.group = .failed
        }
        return []
    }
}
