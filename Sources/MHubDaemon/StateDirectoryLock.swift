import Foundation
import MHubPOSIX

/// The lock that gives one `mhubd` its state directory: `flock` on `mhubd.lock` there, held while the process
/// lives (the kernel drops it at exit, however the process ends), with the holder's PID in the file so that a
/// second `mhubd` on the same directory is refused with a name, instead of sharing the database.
final class StateDirectoryLock {
    static let fileName = "mhubd.lock"

    private let descriptor: FileDescriptor

    private init(descriptor: FileDescriptor) {
        self.descriptor = descriptor
    }

    deinit {
        descriptor.close()
    }

    /// Takes the lock of `directory`, or throws naming the process that holds it.
    static func acquire(_ directory: String) throws(Daemon.StartError) -> StateDirectoryLock {
        let path = "\(directory)/\(fileName)"
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o640)
        guard fd >= 0 else { throw Daemon.StartError(description: "\(SystemError("open \(path)"))") }
        let descriptor = FileDescriptor(rawValue: fd)
        guard case .success = retryingOnInterrupt({ flock(fd, LOCK_EX | LOCK_NB) }) else {
            let holder = holderDescription(fd)
            descriptor.close()
            throw Daemon.StartError(
                description: "the state directory \(directory) is in use by another mhubd (\(holder)); give this "
                    + "one its own with --state-dir or --ephemeral")
        }
        let record = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = record.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        return StateDirectoryLock(descriptor: descriptor)
    }

    /// "pid N" from the holder's record; it writes it just after taking the lock, so it may not be there yet.
    private static func holderDescription(_ fd: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        let text = String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard let pid = Int32(text) else { return "its PID not yet written" }
        return "pid \(pid)"
    }
}
