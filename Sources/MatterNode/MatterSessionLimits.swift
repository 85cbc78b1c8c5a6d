/// How many secure sessions the node keeps and for how long (docs/matter.md, "Sessions").
///
/// One PASE session (the one commissioning slot) and up to `maximumCASESessions` CASE sessions, of which each
/// fabric is sure of `minimumCASESessionsPerFabric` (Matter Core Specification 4.14.2.1 asks a node for at least 3
/// per fabric; CHIP's `SecureSessionTable` holds `CHIP_CONFIG_SECURE_SESSION_POOL_SIZE` sessions and evicts by the
/// same guarantee). A CASE session with no message from its peer for `caseIdleMilliseconds` ends.
public struct MatterSessionLimits: Hashable, Sendable {
    public var maximumCASESessions: Int
    public var minimumCASESessionsPerFabric: Int
    public var caseIdleMilliseconds: UInt64
    /// Resumption records kept (in memory: after a restart every peer makes a full handshake).
    public var resumptionRecords: Int

    public init(
        maximumCASESessions: Int = 16, minimumCASESessionsPerFabric: Int = 3, caseIdleMilliseconds: UInt64 = 3_600_000,
        resumptionRecords: Int = 16
    ) {
        precondition(maximumCASESessions >= 1 && minimumCASESessionsPerFabric >= 1, "a node keeps CASE sessions")
        self.maximumCASESessions = maximumCASESessions
        self.minimumCASESessionsPerFabric = minimumCASESessionsPerFabric
        self.caseIdleMilliseconds = caseIdleMilliseconds
        self.resumptionRecords = resumptionRecords
    }
}
