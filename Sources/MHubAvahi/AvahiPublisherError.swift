/// Why an `AvahiPublisher` could not start: Avahi's event loop could not be made or its thread started.
public struct AvahiPublisherError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
