/// Text from the network made safe for one log line: control characters (newlines that would forge a line,
/// escape sequences that would drive a terminal), backslashes and quotes are escaped, and it is cut at `limit`
/// characters.
public func logSafe(_ text: String, limit: Int = 128) -> String {
    var result = ""
    for (index, scalar) in text.unicodeScalars.enumerated() {
        guard index < limit else {
            result += "…"
            break
        }
        switch scalar {
        case "\\": result += "\\\\"
        case "\"": result += "\\\""
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        default:
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || scalar.properties.generalCategory == .format
            {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result
}
