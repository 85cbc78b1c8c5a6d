/// The status line and header fields of an HTTP/1.1 response (RFC 9112 §2.1, §4).
public struct HTTPResponseHead: Sendable {
    /// The three-digit status code, e.g. 101.
    public var status: Int
    /// The reason phrase, possibly empty; it carries no meaning (RFC 9112 §4).
    public var reason: String
    /// Header fields in the order received; names keep their case, values lose surrounding whitespace.
    public var headers: [(name: String, value: String)]

    public init(status: Int, reason: String, headers: [(name: String, value: String)]) {
        self.status = status
        self.reason = reason
        self.headers = headers
    }

    /// The value of the first header field called `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        HTTPHeaderFields.first(name, in: headers)
    }

    /// The values of all header fields called `name`, in order.
    public func headerValues(_ name: String) -> [String] {
        HTTPHeaderFields.all(name, in: headers)
    }
}
