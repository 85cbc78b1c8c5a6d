/// Attribute paths written with names, as people write them: `1/OnOff/onOff` for `1/6/0`.
extension ClusterCatalog {
    /// The cluster named `text` (case-insensitive), or numbered (`6`, `0x0006`).
    public static func clusterID(_ text: String) -> ClusterID? {
        if let number = number(text, as: ClusterID.self) { return number }
        return all.first { $0.name.lowercased() == text.lowercased() }?.id
    }

    /// Why a path cannot be read, for an error message.
    public enum PathProblem: Error, Hashable, Sendable, CustomStringConvertible {
        case shape(String)
        case endpoint(String)
        case cluster(String)
        case attribute(String, cluster: String)
        case wildcard(String)

        public var description: String {
            switch self {
            case .shape(let text): "a path is endpoint/cluster/attribute, not \"\(text)\""
            case .endpoint(let text): "\"\(text)\" is not an endpoint number"
            case .cluster(let text): "no cluster named \(text)"
            case .attribute(let text, let cluster): "no attribute \(text) in cluster \(cluster)"
            case .wildcard(let text): "no wildcards here: \(text)"
            }
        }
    }

    /// `1/OnOff/onOff` → `1/6/0`: each part a number (decimal or `0x`) or a name (any case); `*` where `wildcards` allows.
    /// The result is the numeric text, with `*` kept.
    public static func numericPath(_ text: String, wildcards: Bool) -> Result<String, PathProblem> {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else { return .failure(.shape(text)) }
        if !wildcards && parts.contains("*") { return .failure(.wildcard(text)) }
        let endpoint: String
        if parts[0] == "*" {
            endpoint = "*"
        } else if let number = number(parts[0], as: EndpointID.self) {
            endpoint = String(number)
        } else {
            return .failure(.endpoint(parts[0]))
        }
        var cluster: ClusterDefinition?
        var clusterText = "*"
        if parts[1] != "*" {
            guard let id = clusterID(parts[1]) else { return .failure(.cluster(parts[1])) }
            cluster = definition(id)
            clusterText = String(id)
        }
        var attributeText = "*"
        if parts[2] != "*" {
            if let number = number(parts[2], as: AttributeID.self) {
                attributeText = String(number)
            } else if let attribute = cluster?.attributes.first(where: { $0.name.lowercased() == parts[2].lowercased() }
            ) {
                attributeText = String(attribute.id)
            } else {
                return .failure(.attribute(parts[2], cluster: parts[1]))
            }
        }
        return .success("\(endpoint)/\(clusterText)/\(attributeText)")
    }

    /// A whole number in decimal or `0x` hexadecimal.
    static func number<T: FixedWidthInteger>(_ text: String, as type: T.Type) -> T? {
        if text.hasPrefix("0x") || text.hasPrefix("0X") { return T(text.dropFirst(2), radix: 16) }
        return T(text)
    }
}
