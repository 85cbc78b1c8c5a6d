import Glibc

/// An `errno` value, as a type: names for the ones mhub acts on, and the system's text for any.
///
/// In the manner of swift-system's `Errno`: open, so a code this file does not name still prints.
public struct Errno: RawRepresentable, Error, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The calling thread's `errno` now.
    public static var current: Errno { Errno(rawValue: Glibc.errno) }

    public static let interrupted = Errno(rawValue: EINTR)
    public static let wouldBlock = Errno(rawValue: EAGAIN)
    public static let inProgress = Errno(rawValue: EINPROGRESS)
    public static let tooManyOpenFiles = Errno(rawValue: EMFILE)
    public static let tooManyOpenFilesInSystem = Errno(rawValue: ENFILE)
    public static let noBufferSpace = Errno(rawValue: ENOBUFS)
    public static let outOfMemory = Errno(rawValue: ENOMEM)
    public static let addressInUse = Errno(rawValue: EADDRINUSE)
    public static let connectionAborted = Errno(rawValue: ECONNABORTED)
    public static let invalidArgument = Errno(rawValue: EINVAL)
    public static let nameTooLong = Errno(rawValue: ENAMETOOLONG)
    public static let notDirectory = Errno(rawValue: ENOTDIR)
    public static let permissionDenied = Errno(rawValue: EACCES)

    /// Whether the process or system is out of a resource an `accept` needs (descriptors, memory): the
    /// pending connection stays queued, so accepting again at once would fail the same way.
    public var isResourceExhaustion: Bool {
        [.tooManyOpenFiles, .tooManyOpenFilesInSystem, .noBufferSpace, .outOfMemory].contains(self)
    }

    public var description: String { String(cString: strerror(rawValue)) }
}

/// Runs a system call that returns -1 and sets `errno` on failure, retrying it while it is interrupted (EINTR).
///
/// The one place mhub retries EINTR (swift-system `valueOrErrno(retryOnInterrupt:)`).
@inline(__always)
public func retryingOnInterrupt<Value: FixedWidthInteger>(_ call: () -> Value) -> Result<Value, Errno> {
    while true {
        let value = call()
        if value != -1 { return .success(value) }
        let error = Errno.current
        if error != .interrupted { return .failure(error) }
    }
}
