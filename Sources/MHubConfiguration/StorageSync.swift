/// How far a commit of mhub's database is made durable before its request is answered (`storage_sync`,
/// docs/configuration.md): SQLite's `synchronous` setting for the write-ahead log (sqlite.org/pragma.html#pragma_synchronous).
public enum StorageSync: String, CaseIterable, Equatable, Sendable {
    /// Every commit syncs the write-ahead log to the disk: an acknowledged change survives mhubd being killed,
    /// and a power loss or a crash of the system (`synchronous=FULL`). The default.
    case full
    /// The log is synced at checkpoints only: an acknowledged change survives mhubd being killed (kill -9), which
    /// leaves what it wrote with the kernel, but a power loss or a crash of the system may take the last commits
    /// (`synchronous=NORMAL`). What `--ephemeral` uses: its state is removed at exit anyway.
    case normal
}
