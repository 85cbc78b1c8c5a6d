extension MatterSpecification {
    /// `cluster` with everything its base defines and it does not change: a derived cluster (`RvcRunMode` of
    /// `ModeBase`) lists only its own elements and the properties it changes, as the specification's derived
    /// cluster sections do. An element is the base's when the derived cluster does not name it; a property is the
    /// base's when the derived element leaves it out; data types add their items to the base's. A cluster without
    /// a base is returned as it is.
    public static func resolved(_ cluster: SpecCluster) -> SpecCluster {
        guard let baseName = cluster.base, let found = self.cluster(named: baseName) else { return cluster }
        let base = resolved(found)
        var merged = cluster
        merged.revision = cluster.revision ?? base.revision
        merged.classification = cluster.classification ?? base.classification
        merged.features = merge(base.features, cluster.features, key: \.code) { base, own in
            SpecFeature(bit: own.bit, code: own.code, name: own.name, conformance: own.conformance ?? base.conformance)
        }
        merged.attributes = merge(base.attributes, cluster.attributes, key: \.id) { base, own in
            SpecAttribute(
                id: own.id, name: own.name, type: own.type ?? base.type, access: own.access ?? base.access,
                conformance: own.conformance ?? base.conformance, constraint: own.constraint ?? base.constraint,
                default: own.default ?? base.default, quality: own.quality ?? base.quality,
                fields: own.fields.isEmpty ? base.fields : own.fields)
        }
        merged.commands = merge(base.commands, cluster.commands, key: \.name) { base, own in
            SpecCommand(
                id: own.id, name: own.name, direction: own.direction ?? base.direction,
                response: own.response ?? base.response, access: own.access ?? base.access,
                conformance: own.conformance ?? base.conformance, fields: own.fields.isEmpty ? base.fields : own.fields)
        }
        merged.events = merge(base.events, cluster.events, key: \.id) { base, own in
            SpecEvent(
                id: own.id, name: own.name, priority: own.priority ?? base.priority, access: own.access ?? base.access,
                conformance: own.conformance ?? base.conformance, fields: own.fields.isEmpty ? base.fields : own.fields)
        }
        merged.datatypes = merge(base.datatypes, cluster.datatypes, key: \.name) { base, own in
            SpecDatatype(
                name: own.name, type: own.type ?? base.type, conformance: own.conformance ?? base.conformance,
                fields: merge(base.fields, own.fields, key: \.name) { _, ownField in ownField })
        }
        return merged
    }

    /// The base's elements in their order, each replaced by `combine(base, own)` where the derived list has one
    /// with the same key, then the derived list's new elements in theirs.
    private static func merge<Element, Key: Hashable>(
        _ base: [Element], _ own: [Element], key: (Element) -> Key, combine: (Element, Element) -> Element
    ) -> [Element] {
        var owned = Dictionary(own.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        var result: [Element] = []
        for element in base {
            if let override = owned.removeValue(forKey: key(element)) {
                result.append(combine(element, override))
            } else {
                result.append(element)
            }
        }
        for element in own where owned[key(element)] != nil {
            result.append(element)
            owned[key(element)] = nil
        }
        return result
    }
}
