/// Listening sockets a service manager passed to this process, read from `LISTEN_PID`, `LISTEN_FDS`
/// and `LISTEN_FDNAMES` the way `sd_listen_fds_with_names(3)` reads them.
///
/// This is the pure half: it only reads the variables. Taking the descriptors (close-on-exec, checking
/// what they are, unsetting the variables) is `MHubDaemon`'s.
public struct SocketActivation: Equatable, Sendable {
    /// One passed descriptor and the name `FileDescriptorName=` (systemd.socket(5)) gave it.
    public struct Descriptor: Equatable, Sendable {
        public var fd: Int32
        /// The configured name; systemd's default is the socket unit's name, and `unknown` when the
        /// manager gave no names at all.
        public var name: String

        public init(fd: Int32, name: String) {
            self.fd = fd
            self.name = name
        }
    }

    /// The first passed descriptor: after standard input, output and error (`SD_LISTEN_FDS_START`).
    public static let firstDescriptor: Int32 = 3
    /// The variables the protocol uses; a daemon unsets them once read, so no child inherits them.
    public static let variables = ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"]
    /// More passed descriptors than this is taken as a corrupt environment rather than a real setup.
    public static let maximumDescriptors = 1024

    public var descriptors: [Descriptor]

    public init(descriptors: [Descriptor]) {
        self.descriptors = descriptors
    }

    /// Reads the variables; `nil` when nothing was passed to this process.
    ///
    /// `LISTEN_PID` names the process the sockets are for: when it is missing or another process's
    /// (the variables were inherited from a parent), nothing was passed to us. Values that cannot be
    /// parsed, or a name list whose length is not `LISTEN_FDS`, are errors, as in libsystemd.
    public static func parse(_ environment: [String: String], processID: Int32) throws(SocketActivationError)
        -> SocketActivation?
    {
        guard let pidText = environment["LISTEN_PID"] else { return nil }
        guard let pid = Int32(pidText), pid > 0 else {
            throw SocketActivationError(variable: "LISTEN_PID", reason: "\"\(pidText)\" is not a process ID")
        }
        guard pid == processID else { return nil }
        guard let countText = environment["LISTEN_FDS"] else { return nil }
        guard let count = Int(countText), (0...maximumDescriptors).contains(count) else {
            throw SocketActivationError(
                variable: "LISTEN_FDS", reason: "\"\(countText)\" is not a count from 0 to \(maximumDescriptors)")
        }
        var names = Array(repeating: "unknown", count: count)
        if let namesText = environment["LISTEN_FDNAMES"] {
            let given = namesText.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard given.count == count else {
                throw SocketActivationError(
                    variable: "LISTEN_FDNAMES", reason: "names \(given.count) descriptors, LISTEN_FDS says \(count)")
            }
            names = given
        }
        return SocketActivation(
            descriptors: names.enumerated().map { Descriptor(fd: firstDescriptor + Int32($0.offset), name: $0.element) }
        )
    }
}

/// Why the socket-activation variables cannot be used; names the variable.
public struct SocketActivationError: Error, Equatable, Sendable, CustomStringConvertible {
    public var variable: String
    public var reason: String

    public init(variable: String, reason: String) {
        self.variable = variable
        self.reason = reason
    }

    public var description: String { "\(variable): \(reason)" }
}
