/// A failed system call: what was attempted, and the `errno` it failed with.
public struct SystemError: Error, Sendable, CustomStringConvertible {
    public var call: String
    public var errno: Errno

    public init(_ call: String, errno: Errno = .current) {
        self.call = call
        self.errno = errno
    }

    public var description: String { "\(call): \(errno)" }
}

extension Result where Failure == Errno {
    /// The value, or a `SystemError` naming `call`.
    public func orThrow(_ call: @autoclosure () -> String) throws(SystemError) -> Success {
        switch self {
        case .success(let value): return value
        case .failure(let errno): throw SystemError(call(), errno: errno)
        }
    }
}
