/// The stream `$JOURNAL_STREAM` names: the device and inode of the socket that connects a service's
/// standard output or error to journald (systemd.exec(5)).
///
/// The variable is inherited by every child, so its presence alone does not mean that this process's
/// standard error goes to the journal: only a file whose device and inode match does.
public struct JournalStream: Equatable, Sendable {
    public var device: UInt64
    public var inode: UInt64

    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    /// Reads `DEVICE:INODE`, both decimal; `nil` for anything else.
    public init?(_ value: String) {
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return nil }
        self.init(device: device, inode: inode)
    }
}
