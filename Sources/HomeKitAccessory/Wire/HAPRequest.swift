/// One whole HTTP/1.1 request as a HAP controller sends it (hap-reference.md §2, §7): `GET /accessories`,
/// `GET /characteristics?id=1.2,1.3`, `PUT /characteristics` with a JSON body, `POST /pair-setup` with TLV8.
public struct HAPRequest: Hashable, Sendable {
    /// The method as sent (case-sensitive): `GET`, `PUT`, `POST`.
    public var method: String
    /// The path without its query: `/characteristics`.
    public var path: String
    /// The query's items in order, `?id=1.2,1.3&ev=1` as `id` = `1.2,1.3` and `ev` = `1` (not percent-decoded:
    /// HAP's query values are digits, dots and commas).
    public var query: [HAPQueryItem]
    /// The header fields in the order received; names keep their case.
    public var headers: [HAPHeaderField]
    /// The body, exactly `Content-Length` bytes (empty without one).
    public var body: [UInt8]

    public init(
        method: String, path: String, query: [HAPQueryItem] = [], headers: [HAPHeaderField] = [], body: [UInt8] = []
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The value of the first header field called `name`, compared ignoring ASCII case (RFC 9110 §5.1).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The value of the first query item called `name` (case-sensitive, as HAP names them: `id`, `ev`, `meta`).
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// The characteristics of `GET /characteristics?id=A.I,A.I,…` in the order listed (hap-reference.md §7).
    ///
    /// Fails when `id` is missing or empty, or an entry is not two decimal numbers joined by a dot.
    public func characteristicIDs() throws(HAPWireError) -> [HAPCharacteristicID] {
        guard let list = queryValue("id"), !list.isEmpty else { throw .invalidQuery("no id=") }
        var ids: [HAPCharacteristicID] = []
        for entry in list.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = entry.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, let aid = Self.decimal(parts[0]), let iid = Self.decimal(parts[1]) else {
                throw .invalidQuery("\"\(entry)\" is not aid.iid")
            }
            ids.append(HAPCharacteristicID(aid: aid, iid: iid))
        }
        return ids
    }

    /// Whether a query flag such as `ev`, `meta`, `perms` or `type` is set: `1` or `true`.
    public func queryFlag(_ name: String) -> Bool {
        queryValue(name) == "1" || queryValue(name) == "true"
    }

    /// Digits only (no sign, no spaces), as `UInt64(_:)` alone would let a `+` through.
    private static func decimal(_ text: Substring) -> UInt64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return nil
        }
        return UInt64(text)
    }
}

/// One `name=value` of a request's query.
public struct HAPQueryItem: Hashable, Sendable {
    public var name: String
    /// What follows the first `=`; empty for an item without one.
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// The items of a query (the text after `?`), split at `&`; empty items dropped.
    public static func parse(_ query: Substring) -> [HAPQueryItem] {
        query.split(separator: "&").map { item in
            guard let equals = item.firstIndex(of: "=") else { return HAPQueryItem(name: String(item), value: "") }
            return HAPQueryItem(name: String(item[..<equals]), value: String(item[item.index(after: equals)...]))
        }
    }
}

/// One header field of a request, its name as sent and its value trimmed.
public struct HAPHeaderField: Hashable, Sendable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
