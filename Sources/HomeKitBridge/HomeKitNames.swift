/// Names as the Home app takes them (hap-reference.md section 8, "Names"; HAP-NodeJS `src/lib/util/checkName.ts`):
/// letters, digits, spaces and apostrophes, beginning and ending with a letter or a digit, at most 64 characters
/// (HAP's default maxLen).
enum HomeKitNames {
    /// The longest name a string characteristic carries without a maxLen of its own.
    static let maximumLength = 64

    /// `name` with every other character as a space, runs of spaces as one, and what it may not begin or end with
    /// cut; `fallback` when nothing is left. A name of one character gets the fallback after it, since the rule
    /// asks for two.
    static func sanitised(_ name: String, fallback: String) -> String {
        var text = ""
        var pendingSpace = false
        for character in name {
            if isAllowed(character) {
                if pendingSpace, !text.isEmpty { text.append(" ") }
                pendingSpace = false
                text.append(character)
            } else {
                pendingSpace = true
            }
        }
        text = trimmed(cut(text, to: maximumLength))
        if text.isEmpty { return fallback }
        if text.count == 1 { return trimmed(cut(text + " " + fallback, to: maximumLength)) }
        return text
    }

    /// Letters and digits (Unicode's L and N categories), and the apostrophe; a space is written between runs.
    static func isAllowed(_ character: Character) -> Bool {
        if character == "'" { return true }
        return character.unicodeScalars.allSatisfy(isLetterOrDigit)
    }

    static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
            .letterNumber, .otherNumber:
            true
        default: false
        }
    }

    /// Without the spaces and apostrophes it may not begin or end with.
    static func trimmed(_ text: String) -> String {
        var characters = Substring(text)
        while let first = characters.first, first == " " || first == "'" { characters.removeFirst() }
        while let last = characters.last, last == " " || last == "'" { characters.removeLast() }
        return String(characters)
    }

    /// At most `length` characters.
    static func cut(_ text: String, to length: Int) -> String {
        String(text.prefix(length))
    }

    /// A FirmwareRevision as HAP writes it, `x[.y[.z]]` of whole numbers (HAP R14 §9.40): the version string's
    /// leading numbers, or `number` when it has none.
    static func firmwareRevision(_ text: String, number: UInt32) -> String {
        var parts: [String] = []
        var current = ""
        for character in text {
            if let digit = character.wholeNumberValue, digit < 10, character.isASCII {
                current.append(character)
            } else if character == ".", !current.isEmpty, parts.count < 2 {
                parts.append(current)
                current = ""
            } else {
                break
            }
        }
        if !current.isEmpty { parts.append(current) }
        return parts.isEmpty ? String(number) : parts.prefix(3).joined(separator: ".")
    }
}
