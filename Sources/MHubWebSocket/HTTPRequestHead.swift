/// The request line and header fields of an HTTP/1.1 request (RFC 9112 §2.1, §3).
public struct HTTPRequestHead: Sendable {
    /// The method, case-sensitive (RFC 9110 §9.1), e.g. `GET`.
    public var method: String
    /// The request target as sent: for the usual origin form the path including any query string.
    public var target: String
    /// The protocol version as sent, e.g. `HTTP/1.1`.
    public var version: String
    /// Header fields in the order received; names keep their case, values lose surrounding whitespace.
    public var headers: [(name: String, value: String)]

    public init(method: String, target: String, version: String, headers: [(name: String, value: String)]) {
        self.method = method
        self.target = target
        self.version = version
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
