import Foundation
import MHubHub
import MHubJSON
import MHubPOSIX

/// Where `mhubd` tells, once it is ready, how to reach it (`--ready-file PATH`, `--ready-fd N`): one JSON object,
/// `HubInstance.json` with the hub's admin token added when there is one (docs/testing.md).
///
/// The file is written whole under a temporary name and renamed, 0600, so a reader that sees it sees all of it
/// and no other user reads the token; the descriptor gets the object and a newline, and is closed, so a reader
/// of a pipe sees end of file after it.
struct ReadyAnnouncement {
    var file: String?
    var descriptor: Int32?

    var isEmpty: Bool { file == nil && descriptor == nil }

    static func text(_ instance: HubInstance, adminToken: String?) -> String {
        guard case .object(var members) = instance.json else { return "{}" }
        members["token"] = adminToken.map { .string($0) } ?? .null
        return JSONWriter.compact(.object(members)) + "\n"
    }

    func announce(_ text: String) throws(SystemError) {
        let bytes = Array(text.utf8)
        if let file {
            let temporary = "\(file).\(getpid()).tmp"
            let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw SystemError("create \(temporary)") }
            let descriptor = FileDescriptor(rawValue: fd)
            defer { descriptor.close() }
            try Self.writeAll(bytes, to: fd, name: temporary)
            guard rename(temporary, file) == 0 else {
                let error = SystemError("rename \(temporary) to \(file)")
                unlink(temporary)
                throw error
            }
        }
        if let descriptor {
            defer { close(descriptor) }
            try Self.writeAll(bytes, to: descriptor, name: "descriptor \(descriptor)")
        }
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32, name: String) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                retryingOnInterrupt { write(fd, buffer.baseAddress! + offset, buffer.count - offset) }
            }
            offset += try result.orThrow("write \(name)")
        }
    }
}
