public import MHubJSON

/// One element of a `PUT /characteristics` body (hap-reference.md §7): a write (`value`), a subscription change
/// (`ev`), or both, and whether the write wants its value back (`r`, a write response).
public struct HAPWriteRequest: Hashable, Sendable {
    public var id: HAPCharacteristicID
    /// The value to write, as sent; `HAPCharacteristic.accepting(_:)` checks it against the format.
    public var value: JSONValue?
    /// `true` subscribes this connection to the characteristic's events, `false` unsubscribes.
    public var events: Bool?
    /// `r`: answer with the value after the write.
    public var response: Bool?

    public init(id: HAPCharacteristicID, value: JSONValue? = nil, events: Bool? = nil, response: Bool? = nil) {
        self.id = id
        self.value = value
        self.events = events
        self.response = response
    }
}

/// A `PUT /characteristics` body: `{"characteristics":[…],"pid":N}`, `pid` naming the `PUT /prepare` a timed write
/// follows (R14 §6.7.2.4).
public struct HAPCharacteristicWrites: Hashable, Sendable {
    public var requests: [HAPWriteRequest]
    public var pid: UInt64?

    public init(requests: [HAPWriteRequest], pid: UInt64? = nil) {
        self.requests = requests
        self.pid = pid
    }

    /// Reads the body. Members HAP defines but mhub does not use (`authData`, `remote`) and unknown ones are
    /// ignored; a missing `aid` or `iid`, an `ev` or `r` that is not a boolean, or no `characteristics` array fails.
    public init(json body: [UInt8]) throws(HAPWireError) {
        let object = try HAPJSONBody.object(body)
        guard case .array(let elements)? = object["characteristics"] else {
            throw .invalidBody("no \"characteristics\" array")
        }
        var requests: [HAPWriteRequest] = []
        requests.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard case .object(let members) = element else { throw .invalidBody("characteristics[\(index)]") }
            let at = "characteristics[\(index)]"
            let id = HAPCharacteristicID(
                aid: try HAPJSONBody.unsigned(members["aid"], "\(at).aid"),
                iid: try HAPJSONBody.unsigned(members["iid"], "\(at).iid"))
            requests.append(
                HAPWriteRequest(
                    id: id, value: members["value"], events: try HAPJSONBody.bool(members["ev"], "\(at).ev"),
                    response: try HAPJSONBody.bool(members["r"], "\(at).r")))
        }
        self.requests = requests
        pid = try object["pid"].map { value throws(HAPWireError) in try HAPJSONBody.unsigned(value, "pid") }
    }
}

/// A `PUT /prepare` body: `{"ttl":ms,"pid":n}` (R14 §6.7.2.4); answered with `HAPJSON.statusBody(.success)`.
public struct HAPPrepareRequest: Hashable, Sendable {
    /// How long the prepared write stays valid, in milliseconds.
    public var ttl: UInt64
    public var pid: UInt64

    public init(ttl: UInt64, pid: UInt64) {
        self.ttl = ttl
        self.pid = pid
    }

    public init(json body: [UInt8]) throws(HAPWireError) {
        let object = try HAPJSONBody.object(body)
        ttl = try HAPJSONBody.unsigned(object["ttl"], "ttl")
        pid = try HAPJSONBody.unsigned(object["pid"], "pid")
    }
}

/// The few readings HAP's request bodies need.
enum HAPJSONBody {
    /// The body as a JSON object; HAP's bodies are shallow, so a depth of 8 is plenty.
    static func object(_ body: [UInt8]) throws(HAPWireError) -> [String: JSONValue] {
        let value: JSONValue
        do {
            value = try JSONParser(maximumDepth: 8, maximumBytes: 1 << 20).parse(body)
        } catch {
            throw .invalidJSON(error.description)
        }
        guard case .object(let members) = value else { throw .invalidBody("the body is not an object") }
        return members
    }

    /// A whole number from 0 up.
    static func unsigned(_ value: JSONValue?, _ name: String) throws(HAPWireError) -> UInt64 {
        guard case .integer(let integer)? = value, integer >= 0 else {
            throw .invalidBody("\(name) is not a whole number from 0 up")
        }
        return UInt64(integer)
    }

    /// An optional boolean.
    static func bool(_ value: JSONValue?, _ name: String) throws(HAPWireError) -> Bool? {
        switch value {
        case nil: return nil
        case .bool(let bool)?: return bool
        case .some: throw .invalidBody("\(name) is not true or false")
        }
    }
}
