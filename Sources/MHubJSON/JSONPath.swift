/// Where a value sits in a JSON text: the member keys and array indexes from the root down to it. The object
/// reader keeps one per object so that an error names the value it is about, as a JSON Pointer (RFC 6901) for a
/// scenario file's line and column, or dotted (`control.tokens[0].name`) for the configuration.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    public private(set) var components: [Component]

    public init(_ components: [Component] = []) {
        self.components = components
    }

    public static let root = JSONPath()

    public func appending(_ key: String) -> JSONPath {
        JSONPath(components + [.key(key)])
    }

    public func appending(index: Int) -> JSONPath {
        JSONPath(components + [.index(index)])
    }

    /// The path of the value that holds this one; the root's own parent is the root.
    public var parent: JSONPath {
        JSONPath(Array(components.dropLast()))
    }

    /// The member key this path ends in, if it ends in one.
    public var lastKey: String? {
        if case .key(let key)? = components.last { return key }
        return nil
    }

    /// As a JSON Pointer, `""` for the root and `/timeline/3/at` below it.
    public var pointer: String {
        components.reduce(into: "") { text, component in
            switch component {
            case .key(let key): text = JSONDocument.pointer(text, key)
            case .index(let index): text += "/\(index)"
            }
        }
    }

    /// Dotted, as the configuration names its keys: `hub.passcode`, `simulated_devices[0].name`; `""` for the root.
    public var dotted: String {
        components.reduce(into: "") { text, component in
            switch component {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index(let index): text += "[\(index)]"
            }
        }
    }

    public var description: String { pointer }
}
