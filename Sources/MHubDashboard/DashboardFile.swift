/// One file of the dashboard page, built into the binary by the DashboardAssets build plugin from
/// `Sources/MHubDashboard/Assets/` (docs/dashboard.md).
public struct DashboardFile: Sendable {
    /// The file's name, which is also its path on the server after `/`.
    public let name: String
    /// A strong entity tag (RFC 9110 §8.8.3), quotes included: a fingerprint of the bytes, so it changes exactly
    /// when the file does.
    public let etag: String
    public let bytes: [UInt8]

    init(name: String, etag: String, text: String) {
        self.name = name
        self.etag = etag
        bytes = Array(text.utf8)
    }

    /// The media type by the name's extension (RFC 9110 §8.3); text is UTF-8.
    public var contentType: String {
        switch name.split(separator: ".").last {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "json": "application/json"
        default: "application/octet-stream"
        }
    }
}
