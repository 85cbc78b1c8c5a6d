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

    /// The elements of the comma-separated lists in every field called `name`, trimmed, empty ones dropped
    /// (RFC 9110 §5.3, §5.6.1).
    public func headerListElements(_ name: String) -> [String] {
        HTTPHeaderFields.listElements(name, in: headers)
    }

    /// The path of the target: origin form without its query, or the path of an absolute-form URI
    /// (RFC 9112 §3.2.1, §3.2.2).
    public var path: Substring {
        afterAuthority.prefix { $0 != "?" && $0 != "#" }
    }

    /// The target's query without its `?`, or `nil` when it has none (RFC 3986 §3.4).
    public var query: Substring? {
        let rest = afterAuthority.prefix { $0 != "#" }
        return rest.firstIndex(of: "?").map { rest[rest.index(after: $0)...] }
    }

    /// The target from its path on: for an absolute-form URI, what follows `scheme://authority`.
    private var afterAuthority: Substring {
        var rest = Substring(target)
        if !rest.hasPrefix("/"), let scheme = rest.firstRange(of: "://") {
            rest = rest[scheme.upperBound...]
            rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? "/"
        }
        return rest
    }
}
