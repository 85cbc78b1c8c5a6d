/// How much of each thing one hub holds at most (docs/protocol.md, "Quotas"): a request that would go past a quota
/// is answered QuotaExceeded (225) and changes nothing, so no client can grow the hub's memory or state without
/// bound.
public enum HubQuotas {
    public static let structures = 64
    public static let roomsPerStructure = 256
    /// Simulated devices, commissioned or waiting (so also the commissioned devices).
    public static let simulatedDevices = 20_000
    /// Principals whose permission on a structure is revoked (`set_permission … granted: false`).
    public static let revokedPermissions = 4096
    /// Nodes imported from diagnostics dumps (`import_test_node`).
    public static let importedNodes = 10_000
    /// Requests to slow or silent devices waiting for their answer, per connection and in all.
    public static let pendingInteractionsPerConnection = 256
    public static let pendingInteractions = 8192
}

extension Hub {
    /// QuotaExceeded unless `count` is still below `limit`.
    func checkQuota(_ count: Int, _ limit: Int, _ what: String) throws(HubError) {
        guard count < limit else {
            throw HubError(.quotaExceeded, "the hub holds at most \(limit) \(what)")
        }
    }
}
