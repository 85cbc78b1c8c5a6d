/// One element of matter.js's specification model as its source writes it: `Cluster({ name: "OnOff", … },
/// Attribute(…), …)`: the element's kind, its properties in order, and its child elements.
struct SourceElement {
    var kind: String
    var properties: [(name: String, value: SourceValue)]
    var children: [SourceElement]

    subscript(_ name: String) -> SourceValue? {
        properties.first { $0.name == name }?.value
    }

    /// The children of one kind, in order.
    func children(_ kind: String) -> [SourceElement] {
        children.filter { $0.kind == kind }
    }
}

/// A literal value of the model source (a JavaScript object literal's subset: strings, possibly concatenated with
/// `+`, numbers, booleans, `null`, arrays and objects).
indirect enum SourceValue {
    case null
    case bool(Bool)
    /// The number as written: `0x6`, `254`, `-1`, `0.5`.
    case number(String)
    case string(String)
    case array([SourceValue])
    case object([(name: String, value: SourceValue)])

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}

/// Why the model source could not be read: where (a line) and what.
struct ModelSourceError: Error, CustomStringConvertible {
    var line: Int
    var message: String

    var description: String { "line \(line): \(message)" }
}
