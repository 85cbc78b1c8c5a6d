public import MHubJSON

extension HAPCharacteristic {
    /// The value a controller's write carries, checked against this characteristic's format and limits and made
    /// the value it will hold; `.invalidValue` (-70410) when it does not fit (HAP R14 Table 6-5;
    /// hap-reference.md §7 "Accepting values").
    ///
    /// - bool: `true`/`false`, or `0`/`1` (iOS writes `"value":1` to On; the ADK takes an unsigned integer up to 1).
    /// - Integer formats: a whole number (an integer, or a double with no fraction) within the format's range,
    ///   `minValue`…`maxValue` and `validValues` when set. A fraction is invalid, not rounded.
    /// - float: any number within `minValue`…`maxValue`, then rounded to a multiple of `minStep` from `minValue`
    ///   (from 0 without one). Kept as a `Double` written with the decimals of the step and the minimum, so that a
    ///   step of 0.1 from -273.1 gives 22.4 and not 22.400000000000034 (tfausak/Pylo PR #3).
    /// - string: a string of at most `maxLength` UTF-8 bytes (64 when unset).
    /// - tlv8 and data: Base64 text (RFC 4648, padded); tlv8's bytes must also read as TLV8.
    public func accepting(_ json: JSONValue) -> Result<HAPValue, HAPStatus> {
        switch format {
        case .bool:
            switch json {
            case .bool(let bool): return .success(.bool(bool))
            case .integer(0): return .success(.bool(false))
            case .integer(1): return .success(.bool(true))
            default: return .failure(.invalidValue)
            }
        case .uint8, .uint16, .uint32, .uint64, .int:
            return acceptingInteger(json)
        case .float:
            return acceptingFloat(json)
        case .string:
            guard case .string(let string) = json, string.utf8.count <= maxLength ?? 64 else {
                return .failure(.invalidValue)
            }
            return .success(.string(string))
        case .tlv8, .data:
            guard case .string(let text) = json, let bytes = Base64.decode(text) else { return .failure(.invalidValue) }
            if format == .tlv8, (try? TLV8.decode(bytes)) == nil { return .failure(.invalidValue) }
            return .success(.data(bytes))
        }
    }

    private func acceptingInteger(_ json: JSONValue) -> Result<HAPValue, HAPStatus> {
        let integer: Int64
        switch json {
        case .integer(let value): integer = value
        case .double(let value):
            guard let whole = Int64(exactly: value) else { return .failure(.invalidValue) }
            integer = whole
        default: return .failure(.invalidValue)
        }
        let number = Double(integer)
        guard format.integerRange?.contains(number) ?? false, number >= minValue ?? -.infinity,
            number <= maxValue ?? .infinity, validValues?.contains(integer) ?? true
        else { return .failure(.invalidValue) }
        return .success(.int(integer))
    }

    private func acceptingFloat(_ json: JSONValue) -> Result<HAPValue, HAPStatus> {
        let number: Double
        switch json {
        case .integer(let value): number = Double(value)
        case .double(let value): number = value
        default: return .failure(.invalidValue)
        }
        guard number.isFinite, number >= minValue ?? -.infinity, number <= maxValue ?? .infinity else {
            return .failure(.invalidValue)
        }
        guard let step = minStep, step > 0, step.isFinite else { return .success(.float(number)) }
        let origin = minValue ?? 0
        let steps = ((number - origin) / step).rounded()
        let decimals = max(Self.decimalPlaces(step), Self.decimalPlaces(origin))
        let scale = Self.powerOfTen(decimals)
        var rounded = ((origin + steps * step) * scale).rounded() / scale
        // A maximum off the step's grid may be passed by rounding up: stay within the limits.
        rounded = min(max(rounded, minValue ?? -.infinity), maxValue ?? .infinity)
        return .success(.float(rounded))
    }

    /// How many decimals the shortest text of `value` has ("0.1" 1, "1e-05" 5, "20.0" 0), at most 15.
    static func decimalPlaces(_ value: Double) -> Int {
        let text = "\(value.magnitude)"
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: e)...]) ?? 0
            mantissa = text[..<e]
        }
        var fraction = mantissa.firstIndex(of: ".").map { mantissa.distance(from: $0, to: mantissa.endIndex) - 1 } ?? 0
        if fraction == 1, mantissa.hasSuffix(".0") { fraction = 0 }
        return min(max(fraction - exponent, 0), 15)
    }

    private static func powerOfTen(_ exponent: Int) -> Double {
        (0..<exponent).reduce(1.0) { result, _ in result * 10 }
    }
}
