import MHubJSON
import MHubProtocol
import MatterDataModel

/// The JSON shapes of the hub's objects not yet typed in MHubProtocol (docs/protocol.md).
extension Hub {
    /// The OHF Matter Server's `MatterNodeData` of a node, `available` unless its device is unreachable.
    public func matterNodeData(_ node: Node) -> MatterNodeData {
        matterNodeData(node, attributes: node.ohfAttributesJSON)
    }

    /// `nodeData` around the node's `ohfAttributesJSON` made before.
    func matterNodeData(_ node: Node, attributes: JSONValue) -> MatterNodeData {
        let unreachable = node.simulatedDeviceID.map { faults.unreachableDevices.contains($0) } ?? false
        return node.ohfData(available: !unreachable, attributes: attributes)
    }

    /// `nodeData` read back as JSON: for the diagnostics dump, the scenario export and tests.
    public func nodeJSON(_ node: Node) -> JSONValue {
        JSONText(matterNodeData(node)).value
    }
}

extension Node {
    /// The OHF Matter Server's `MatterNodeData` read back as JSON (a scenario's `dump`, tests).
    public func ohfJSON(available: Bool) -> JSONValue {
        JSONText(ohfData(available: available, attributes: ohfAttributesJSON)).value
    }

    /// The node's `MatterNodeData` around an `attributes` member made before (`ohfAttributesJSON` of this node's
    /// data), the part that costs: a provisional node's reply and its `node_added` share it.
    func ohfData(available: Bool, attributes: JSONValue) -> MatterNodeData {
        let commissioned = isoTimestamp(commissionedAt)
        return MatterNodeData(
            nodeID: id, dateCommissioned: commissioned, lastInterview: commissioned, available: available,
            isBridge: data.isBridge, attributes: attributes)
    }

    /// The `attributes` member of `ohfJSON` (`NodeData.ohfAttributes`).
    var ohfAttributesJSON: JSONValue {
        .object(data.ohfAttributes)
    }
}

extension NodeData {
    /// The members of `Node.ohfJSON`'s `attributes`: every attribute's value keyed by its path's `description`. Made
    /// straight from the endpoints and clusters, as an object has no order to sort them into.
    var ohfAttributes: [String: JSONValue] {
        var count = 0
        for endpoint in endpoints.values {
            for cluster in endpoint.clusters.values {
                count += cluster.attributes.count
            }
        }
        var attributes = [String: JSONValue](minimumCapacity: count)
        for endpoint in endpoints.values {
            for cluster in endpoint.clusters.values {
                let prefix = "\(endpoint.id)/\(cluster.id)/"
                for (attribute, value) in cluster.attributes {
                    attributes[prefix + String(attribute)] = value.json
                }
            }
        }
        return attributes
    }
}

extension AttributeValue {
    /// As the OHF Matter Server writes attribute values: structures keyed by field ID, bytes in Base64.
    public var json: JSONValue {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .signed(let value): .integer(value)
        case .unsigned(let value): value <= UInt64(Int64.max) ? .integer(Int64(value)) : .double(Double(value))
        case .float(let value): .double(value)
        case .string(let value): .string(value)
        case .bytes(let value): .string(Base64.encode(value))
        case .list(let values): .array(values.map(\.json))
        case .structure(let fields):
            .object(Dictionary(uniqueKeysWithValues: fields.map { (String($0.key), $0.value.json) }))
        }
    }
}

extension CommissioningSession {
    /// The session as the protocol reports it (`get_session`, `session_updated`).
    func info(hub: Hub) -> SessionInfo {
        let progress: SessionInfo.Progress =
            switch state {
            case .prepared: .prepared
            case .running(let run): .running(step: run.step.name, simulatedDeviceID: run.deviceID)
            case .commissioned(let node, _): .commissioned(nodeID: node.id, simulatedDeviceID: node.simulatedDeviceID)
            }
        return SessionInfo(
            id: id, state: stateName, structureID: structureID, owner: owner.peer, implicit: implicit,
            createdAt: isoTimestamp(createdAt), deadline: deadline, deadlineText: isoTimestamp(deadline),
            deviceName: deviceName, roomID: roomID, ownerDisconnectedAt: ownerGoneAt.map(isoTimestamp),
            appGroup: appGroup, appGroupMembers: appGroup.map { _ in Int64(hub.desk.members(of: self).count) },
            progress: progress)
    }
}

/// ISO 8601 in UTC with milliseconds, computed without Foundation (proleptic Gregorian calendar).
public func isoTimestamp(_ milliseconds: Timestamp) -> String {
    let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
    let millis = milliseconds - seconds * 1000
    var days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
    let secondOfDay = seconds - days * 86400
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    days += 719_468
    let era = (days >= 0 ? days : days - 146_096) / 146_097
    let dayOfEra = days - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    // Each field's digits written at their place, without a buffer that grows. A year has four digits or more, and a
    // sign before it.
    var (yearDigits, yearLimit): (Int, UInt64) = (4, 10_000)
    while year.magnitude >= yearLimit { (yearDigits, yearLimit) = (yearDigits + 1, yearLimit * 10) }
    let yearStart = year < 0 ? 1 : 0
    return String(unsafeUninitializedCapacity: yearStart + yearDigits + 20) { text in
        func put(_ value: UInt64, digits: Int, at offset: Int, then separator: Unicode.Scalar) {
            var rest = value
            for index in (offset..<(offset + digits)).reversed() {
                text[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            }
            text[offset + digits] = UInt8(ascii: separator)
        }
        if yearStart == 1 { text[0] = UInt8(ascii: "-") }
        let month0 = yearStart + yearDigits + 1
        put(year.magnitude, digits: yearDigits, at: yearStart, then: "-")
        put(UInt64(month), digits: 2, at: month0, then: "-")
        put(UInt64(day), digits: 2, at: month0 + 3, then: "T")
        put(UInt64(secondOfDay / 3600), digits: 2, at: month0 + 6, then: ":")
        put(UInt64(secondOfDay / 60 % 60), digits: 2, at: month0 + 9, then: ":")
        put(UInt64(secondOfDay % 60), digits: 2, at: month0 + 12, then: ".")
        put(UInt64(millis), digits: 3, at: month0 + 15, then: "Z")
        return month0 + 19
    }
}
