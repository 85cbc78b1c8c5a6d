internal import MHubJSON

/// A characteristic's value at its address: an event's entry, or a read's.
public struct HAPCharacteristicValue: Hashable, Sendable {
    public var id: HAPCharacteristicID
    public var value: HAPValue

    public init(id: HAPCharacteristicID, value: HAPValue) {
        self.id = id
        self.value = value
    }
}

/// What became of one characteristic in a read or a write: its status, and the value a successful read (or a
/// write that asked for a write response, `r`) returns.
public struct HAPCharacteristicResult: Hashable, Sendable {
    public var id: HAPCharacteristicID
    public var status: HAPStatus
    /// Written only when `status` is success.
    public var value: HAPValue?
    /// The characteristic read, for what a read's `meta`, `perms` and `type` flags ask of it.
    public var characteristic: HAPCharacteristic?
    /// Whether the reading connection is subscribed to it, for the `ev` flag.
    public var subscribed = false

    public init(
        id: HAPCharacteristicID, status: HAPStatus = .success, value: HAPValue? = nil,
        characteristic: HAPCharacteristic? = nil, subscribed: Bool = false
    ) {
        self.id = id
        self.status = status
        self.value = value
        self.characteristic = characteristic
        self.subscribed = subscribed
    }
}

/// What a `GET /characteristics` asks for beside the values: `meta=1` (format, unit, limits), `perms=1`, `type=1`,
/// `ev=1` (whether this connection is subscribed) (HAP R14 §6.7.4; ADK `HAPIPAccessoryProtocol.c`).
public struct HAPReadOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let meta = HAPReadOptions(rawValue: 1 << 0)
    public static let perms = HAPReadOptions(rawValue: 1 << 1)
    public static let type = HAPReadOptions(rawValue: 1 << 2)
    public static let events = HAPReadOptions(rawValue: 1 << 3)
}

/// HAP's JSON bodies as the accessory writes them (HAP R14 §6.6; hap-reference.md §7): compact, strictly
/// valid, members in the order the reference's examples have them, no `null` but for `HAPValue.null`.
public enum HAPJSON {
    /// `GET /accessories`: `{"accessories":[{"aid":1,"services":[…]}]}`.
    ///
    /// A characteristic's `value` is written when it is readable (`pr`) and has one; `unit`, `minValue`,
    /// `maxValue`, `minStep`, `maxLen` and `valid-values` when set, a service's `primary`, `hidden` and `linked`
    /// only when true or not empty. Limits of integer formats are written as integers.
    public static func accessories(_ accessories: [HAPAccessory]) -> [UInt8] {
        var json = JSONTextWriter(capacity: 4096)
        json.beginObject()
        json.key("accessories")
        json.beginArray()
        for accessory in accessories {
            json.beginObject()
            json.member("aid", Int64(clamping: accessory.aid))
            json.key("services")
            json.beginArray()
            for service in accessory.services { write(service, to: &json) }
            json.endArray()
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return json.bytes()
    }

    /// The reply to `GET /characteristics`: 200 with `{"characteristics":[{"aid","iid","value"}]}` when every
    /// read succeeded, else 207 with a `status` on every entry (0 on successes, brutella/hap#31) and `value` only
    /// on successes (HAP-python `hap_handler.py` `handle_get_characteristics`).
    /// With `options`, each successful entry also carries what they ask for of its characteristic.
    public static func readReply(_ results: [HAPCharacteristicResult], options: HAPReadOptions = []) -> HAPResponse {
        let allSucceeded = results.allSatisfy { $0.status == .success }
        return .json(
            status: allSucceeded ? 200 : 207, characteristics(results, withStatus: !allSucceeded, options: options))
    }

    /// The reply to `PUT /characteristics`: `204 No Content` when every entry succeeded and none returns a value,
    /// else 207 with one entry per element, `status` on each and `value` where a write response (`r`) returned one
    /// (ADK `HAPIPAccessoryServer.c`; HAP-python `accessory_driver.py` `set_characteristics`).
    public static func writeReply(_ results: [HAPCharacteristicResult]) -> HAPResponse {
        if results.allSatisfy({ $0.status == .success && $0.value == nil }) { return .noContent }
        return .json(status: 207, characteristics(results, withStatus: true))
    }

    /// An event's body: `{"characteristics":[{"aid":3,"iid":9,"value":22.5}]}` (HAP R14 §6.8).
    public static func eventBody(_ changes: [HAPCharacteristicValue]) -> [UInt8] {
        characteristics(changes.map { HAPCharacteristicResult(id: $0.id, value: $0.value) }, withStatus: false)
    }

    /// `{"status":N}`: the body of a refusal (`470` with -70411) or of `PUT /prepare`'s answer (0).
    public static func statusBody(_ status: HAPStatus) -> [UInt8] {
        var json = JSONTextWriter(capacity: 32)
        json.beginObject()
        json.member("status", Int64(status.rawValue))
        json.endObject()
        return json.bytes()
    }

    private static func characteristics(
        _ results: [HAPCharacteristicResult], withStatus: Bool, options: HAPReadOptions = []
    ) -> [UInt8] {
        var json = JSONTextWriter(capacity: 64 + 48 * results.count)
        json.beginObject()
        json.key("characteristics")
        json.beginArray()
        for result in results {
            json.beginObject()
            json.member("aid", Int64(clamping: result.id.aid))
            json.member("iid", Int64(clamping: result.id.iid))
            if result.status == .success, let value = result.value {
                json.key("value")
                write(value, to: &json)
            }
            if result.status == .success, let characteristic = result.characteristic {
                if options.contains(.type) { json.member("type", characteristic.type.text) }
                if options.contains(.perms) { json.member("perms", characteristic.permissions.names) }
                if options.contains(.meta) {
                    json.member("format", characteristic.format.rawValue)
                    writeMetadata(characteristic, to: &json)
                }
                if options.contains(.events) { json.member("ev", result.subscribed) }
            }
            if withStatus { json.member("status", Int64(result.status.rawValue)) }
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return json.bytes()
    }

    private static func write(_ service: HAPService, to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("iid", Int64(clamping: service.iid))
        json.member("type", service.type.text)
        if service.primary { json.member("primary", true) }
        if service.hidden { json.member("hidden", true) }
        if !service.linked.isEmpty { json.member("linked", service.linked.map { Int64(clamping: $0) }) }
        json.key("characteristics")
        json.beginArray()
        for characteristic in service.characteristics { write(characteristic, to: &json) }
        json.endArray()
        json.endObject()
    }

    private static func write(_ characteristic: HAPCharacteristic, to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("iid", Int64(clamping: characteristic.iid))
        json.member("type", characteristic.type.text)
        json.member("perms", characteristic.permissions.names)
        json.member("format", characteristic.format.rawValue)
        if characteristic.permissions.contains(.pairedRead), let value = characteristic.value {
            json.key("value")
            write(value, to: &json)
        }
        writeMetadata(characteristic, to: &json)
        json.endObject()
    }

    /// A characteristic's unit, limits, longest string and valid values, where set.
    private static func writeMetadata(_ characteristic: HAPCharacteristic, to json: inout JSONTextWriter) {
        if let unit = characteristic.unit { json.member("unit", unit) }
        let integral = characteristic.format.isInteger
        if let minimum = characteristic.minValue { writeLimit("minValue", minimum, integral: integral, to: &json) }
        if let maximum = characteristic.maxValue { writeLimit("maxValue", maximum, integral: integral, to: &json) }
        if let step = characteristic.minStep { writeLimit("minStep", step, integral: integral, to: &json) }
        if let maxLength = characteristic.maxLength { json.member("maxLen", Int64(maxLength)) }
        if let valid = characteristic.validValues { json.member("valid-values", valid) }
    }

    /// A limit: an integer for an integer format when it is whole, else the double as given.
    private static func writeLimit(
        _ key: StaticString, _ limit: Double, integral: Bool, to json: inout JSONTextWriter
    ) {
        json.key(key)
        if integral, let whole = Int64(exactly: limit) {
            json.integer(whole)
        } else {
            writeDouble(limit, to: &json)
        }
    }

    /// A value as HAP writes it: `data` and `tlv8` as Base64 text, a float as the shortest text that reads back as
    /// the same double (never through `Float`, whose 0.0001 reads as 9.999999747e-05: tfausak/Pylo PR #3).
    static func write(_ value: HAPValue, to json: inout JSONTextWriter) {
        switch value {
        case .bool(let bool): json.bool(bool)
        case .int(let int): json.integer(int)
        case .float(let double): writeDouble(double, to: &json)
        case .string(let string): json.string(string)
        case .data(let bytes): json.string(Base64.encode(bytes))
        case .null: json.null()
        }
    }

    /// A double; a NaN or infinity, which no accepted value is and JSON cannot say, as 0 so the body stays valid.
    private static func writeDouble(_ double: Double, to json: inout JSONTextWriter) {
        json.value(.double(double.isFinite ? double : 0))
    }
}
