import Foundation
import MHubHub
import MHubPOSIX

/// The file `mhubd --record-inputs PATH` writes the hub's input journal to (`InputJournal`): made 0600, since
/// requests and random values hold secrets (a Wi-Fi password, passcodes), and each line written whole with one
/// `write(2)` as its input is handled.
///
/// - Important: Used on the daemon's queue only.
final class InputJournalFile {
    let path: String
    private var descriptor: FileDescriptor?
    /// Lines written, the start line included.
    private(set) var lines = 0

    /// Creates (or empties) the file at `path`, readable and writable by its owner only.
    init(path: String) throws(SystemError) {
        self.path = path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw SystemError("create \(path)") }
        // An existing file keeps its mode through O_CREAT: make it 0600 before anything secret goes in.
        guard fchmod(fd, 0o600) == 0 else {
            let error = SystemError("chmod \(path)")
            Foundation.close(fd)
            throw error
        }
        descriptor = FileDescriptor(rawValue: fd)
    }

    /// Appends one line and returns its text (no newline); a failure closes the file, so no later line follows a
    /// missing one.
    @discardableResult
    func write(_ line: InputJournal.Line) throws(SystemError) -> String {
        let text = InputJournal.line(line)
        guard let descriptor else { return text }
        let bytes = Array((text + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                retryingOnInterrupt {
                    Foundation.write(descriptor.rawValue, buffer.baseAddress! + offset, buffer.count - offset)
                }
            }
            guard case .success(let count) = written, count > 0 else {
                let error = SystemError("write \(path)")
                self.close()
                throw error
            }
            offset += count
        }
        lines += 1
        return text
    }

    var isOpen: Bool { descriptor != nil }

    func close() {
        descriptor?.close()
        descriptor = nil
    }
}
