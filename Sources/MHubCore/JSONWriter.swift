/// Writes `JSONValue`s as JSON text: object keys sorted, so equal values give equal text.
public enum JSONWriter {
    public static func compact(_ value: JSONValue) -> String {
        var output = ""
        write(value, indent: nil, level: 0, to: &output)
        return output
    }

    public static func pretty(_ value: JSONValue) -> String {
        var output = ""
        write(value, indent: "  ", level: 0, to: &output)
        return output
    }

    private static func write(_ value: JSONValue, indent: String?, level: Int, to output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let bool): output += bool ? "true" : "false"
        case .integer(let integer): output += String(integer)
        case .double(let double):
            // `magnitude`, not `abs`: -2^63 is a whole double whose `abs` as Int64 overflows.
            if let exact = Int64(exactly: double), exact.magnitude < 1 << 53 {
                output += String(exact)
            } else {
                output += "\(double)"
            }
        case .string(let string): writeString(string, to: &output)
        case .array(let elements):
            writeContainer("[", "]", elements.count, indent: indent, level: level, to: &output) { index, out in
                write(elements[index], indent: indent, level: level + 1, to: &out)
            }
        case .object(let members):
            let keys = members.keys.sorted()
            writeContainer("{", "}", keys.count, indent: indent, level: level, to: &output) { index, out in
                writeString(keys[index], to: &out)
                out += indent == nil ? ":" : ": "
                write(members[keys[index]]!, indent: indent, level: level + 1, to: &out)
            }
        }
    }

    private static func writeContainer(
        _ open: String, _ close: String, _ count: Int, indent: String?, level: Int, to output: inout String,
        element: (Int, inout String) -> Void
    ) {
        output += open
        guard count > 0 else {
            output += close
            return
        }
        for index in 0..<count {
            if index > 0 {
                output += ","
            }
            if let indent {
                output += "\n" + String(repeating: indent, count: level + 1)
            }
            element(index, &output)
        }
        if let indent {
            output += "\n" + String(repeating: indent, count: level)
        }
        output += close
    }

    private static func writeString(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let digits = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
