import MHubWebSocket

/// Decides what an HTTP request on the WebSocket listener gets: the control protocol at `/ws`, the page's files,
/// a QR code drawn from an onboarding payload, or an error (docs/dashboard.md).
///
/// Nothing here changes state: only GET and HEAD are served (405 otherwise), and the files are the same for every
/// client. What the page shows comes over `/ws`, under that endpoint's origin and token checks.
public struct DashboardRouter: Sendable {
    /// Where the control protocol is served.
    public static let webSocketPath = "/ws"
    /// Where a QR code is drawn: `/qr.svg?payload=MT:…` or `X-HM://…`, the payload percent-encoded.
    public static let qrCodePath = "/qr.svg"
    /// The longest payload drawn; onboarding payloads are far shorter.
    public static let maximumPayloadLength = 512

    private let files: [String: DashboardFile]
    private let drawQRCode: @Sendable (String) -> String?

    /// A router serving `files` (the built-in ones unless given), `index.html` at `/`, drawing QR codes as SVG with
    /// `drawQRCode` (the I/O layer's libqrencode: this target calls no C library).
    public init(files: [DashboardFile]? = nil, drawQRCode: @escaping @Sendable (String) -> String?) {
        self.files = Dictionary((files ?? DashboardFile.embedded).map { ($0.name, $0) }) { first, _ in first }
        self.drawQRCode = drawQRCode
    }

    /// The names of the files served, in order.
    public var fileNames: [String] { files.keys.sorted() }

    public func route(_ request: HTTPRequestHead) -> DashboardRoute {
        let path = request.path
        if path == Self.webSocketPath { return .webSocket }
        guard request.method == "GET" || request.method == "HEAD" else {
            return .respond(
                .error(
                    405, "Method Not Allowed", "only GET and HEAD are served here, not \(request.method)",
                    fields: [("Allow", "GET, HEAD")]))
        }
        let head = request.method == "HEAD"
        // RFC 9112 §3.2: an HTTP/1.1 request needs exactly one Host.
        guard request.headerValues("Host").count == 1 else {
            return .respond(.error(400, "Bad Request", "the request must have exactly one Host header"))
        }
        if path == Self.qrCodePath {
            return .respond(qrCode(query: request.query, head: head))
        }
        let name = path == "/" ? "index.html" : String(path.dropFirst())
        guard path.hasPrefix("/"), !name.contains("/"), let file = files[name] else {
            return .respond(.error(404, "Not Found", "nothing at \(path)"))
        }
        return .respond(serve(file, head: head, ifNoneMatch: request.headerValues("If-None-Match")))
    }

    /// A file, or 304 when the client's copy is current (RFC 9110 §13.1.2: weak comparison, `*` matches).
    private func serve(_ file: DashboardFile, head: Bool, ifNoneMatch: [String]) -> DashboardResponse {
        // No-cache: the client revalidates every time, so a new mhubd's files show at the next load.
        let caching: [(name: String, value: String)] = [("ETag", file.etag), ("Cache-Control", "no-cache")]
        let tags = ifNoneMatch.flatMap { $0.split(separator: ",") }.map { element -> Substring in
            let tag = element.drop { $0 == " " || $0 == "\t" }.trimmingTrailingWhitespace
            return tag.hasPrefix("W/") ? tag.dropFirst(2) : tag
        }
        if tags.contains(where: { $0 == "*" || $0 == file.etag }) {
            return DashboardResponse(
                status: 304, reason: "Not Modified", contentType: nil, body: [], sendsBody: false, fields: caching)
        }
        return DashboardResponse(
            status: 200, reason: "OK", contentType: file.contentType, body: file.bytes, sendsBody: !head,
            fields: caching)
    }

    /// The QR code of `payload=` as SVG; never stored by the browser, since a window's code carries its passcode.
    private func qrCode(query: Substring?, head: Bool) -> DashboardResponse {
        let values = (query ?? "").split(separator: "&").compactMap { pair -> String? in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0] == "payload" else { return nil }
            return PercentDecoding.decode(parts[1])
        }
        guard values.count == 1, let payload = values.first, Self.isDrawable(payload),
            let svg = drawQRCode(payload)
        else {
            return .error(
                400, "Bad Request",
                "draws one onboarding payload: /qr.svg?payload=MT:… (Base38 characters, at most "
                    + "\(Self.maximumPayloadLength)) or a HomeKit setup URI, X-HM:// and 13 of 0-9 and A-Z")
        }
        return DashboardResponse(
            status: 200, reason: "OK", contentType: "image/svg+xml", body: Array(svg.utf8), sendsBody: !head,
            fields: [("Cache-Control", "no-store")])
    }

    /// Whether `payload` is an onboarding payload the router draws, and nothing else: a Matter one (`MT:` and
    /// Base38 characters, several payloads joined by `*`, Matter Core Specification §5.1.3.1) or a HomeKit setup URI.
    static func isDrawable(_ payload: String) -> Bool {
        isMatterPayload(payload) || isHomeKitSetupURI(payload)
    }

    private static func isMatterPayload(_ payload: String) -> Bool {
        let characters = payload.utf8.dropFirst(3)
        return payload.hasPrefix("MT:") && !characters.isEmpty && payload.utf8.count <= maximumPayloadLength
            && characters.allSatisfy { byte in
                isDigitOrCapital(byte)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "*")
            }
    }

    /// A HomeKit setup URI, the HomeKit bridge's pairing code (docs/homekit.md): `X-HM://`, nine base-36 digits of
    /// the setup payload and the four characters of the setup ID, all of 0-9 and A-Z (ADK
    /// `HAPAccessorySetupGetSetupPayload`; /work/shared/docs/hap-reference.md, "Setup code, setup ID, setup URI").
    private static func isHomeKitSetupURI(_ payload: String) -> Bool {
        let characters = payload.utf8.dropFirst(7)
        return payload.hasPrefix("X-HM://") && characters.count == 13 && characters.allSatisfy(isDigitOrCapital)
    }

    private static func isDigitOrCapital(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }
}

extension Substring {
    fileprivate var trimmingTrailingWhitespace: Substring {
        guard let last = lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return self[...last]
    }
}
