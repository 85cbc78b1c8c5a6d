/// A response to a controller's request, written as HTTP/1.1 the way aiohomekit's parser reads it
/// (hap-reference.md §2; aiohomekit `http/response.py`): the status line always has its reason phrase, every
/// response but 204 has `Content-Length`, and 204 has no body.
public struct HAPResponse: Hashable, Sendable {
    public var status: Int
    /// The reason phrase: never empty (`HTTP/1.1 204` alone is a "Malformed status line" to aiohomekit).
    public var reason: String
    /// `Content-Type`, left out when nil (or for 204).
    public var contentType: String?
    /// The body, left out for 204.
    public var body: [UInt8]

    /// A response with `reason` defaulting to the status's usual phrase (`HAPResponse.reasonPhrase(for:)`).
    public init(status: Int, reason: String? = nil, contentType: String? = nil, body: [UInt8] = []) {
        self.status = status
        self.reason = reason ?? Self.reasonPhrase(for: status)
        self.contentType = contentType
        self.body = body
    }

    /// A JSON body (`application/hap+json`).
    public static func json(status: Int = 200, _ body: [UInt8]) -> HAPResponse {
        HAPResponse(status: status, contentType: HAPContentType.json, body: body)
    }

    /// A pairing endpoint's TLV8 body (`application/pairing+tlv8`), always 200: a pairing error is an Error item.
    public static func tlv8(_ body: TLV8) -> HAPResponse {
        HAPResponse(status: 200, contentType: HAPContentType.pairingTLV8, body: body.encoded())
    }

    /// `204 No Content`: a write that asked for nothing back, an identify.
    public static let noContent = HAPResponse(status: 204)

    /// The phrase for the statuses HAP servers send (the ADK's `HAP/HAPIPAccessoryServer.c`), and "Status"
    /// for any other.
    public static func reasonPhrase(for status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 207: "Multi-Status"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Payload Too Large"
        case 422: "Unprocessable Entity"
        case 429: "Too Many Requests"
        case 470: "Connection Authorization Required"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }

    /// The response's bytes.
    public func encoded() -> [UInt8] {
        HAPMessageHead.encode(
            statusLine: "HTTP/1.1 \(status) \(reason.isEmpty ? Self.reasonPhrase(for: status) : reason)",
            contentType: status == 204 ? nil : contentType, body: status == 204 ? nil : body)
    }
}

/// An event notification (HAP R14 §6.8): a message shaped like a response but for its first line,
/// `EVENT/1.0 200 OK`, with a JSON body listing the characteristics that changed (HAP-python `hap_event.py`).
public struct HAPEvent: Hashable, Sendable {
    /// The JSON body, `{"characteristics":[{"aid":…,"iid":…,"value":…}]}` (`HAPJSON.eventBody(_:)`).
    public var body: [UInt8]

    public init(body: [UInt8]) {
        self.body = body
    }

    /// An event for these changes, in the order given.
    public init(changes: [HAPCharacteristicValue]) {
        body = HAPJSON.eventBody(changes)
    }

    public func encoded() -> [UInt8] {
        HAPMessageHead.encode(statusLine: "EVENT/1.0 200 OK", contentType: HAPContentType.json, body: body)
    }
}

/// The content types HAP's bodies have.
public enum HAPContentType {
    /// Attribute database, characteristics, prepare: JSON.
    public static let json = "application/hap+json"
    /// Pair Setup, Pair Verify, Pairings: TLV8.
    public static let pairingTLV8 = "application/pairing+tlv8"
}

/// The one writer of a response's or event's head and body.
enum HAPMessageHead {
    /// `statusLine`, `Content-Type` when given, `Content-Length` unless `body` is nil, the empty line, the body.
    static func encode(statusLine: String, contentType: String?, body: [UInt8]?) -> [UInt8] {
        var head = statusLine + "\r\n"
        if let contentType { head += "Content-Type: \(contentType)\r\n" }
        if let body { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        var output = Array(head.utf8)
        if let body { output.append(contentsOf: body) }
        return output
    }
}
