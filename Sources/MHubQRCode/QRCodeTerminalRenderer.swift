/// Draws a QR code with Unicode half blocks, two module rows per text line.
///
/// A dark module is drawn as ink. On a terminal the code is wrapped in ANSI colours (black on white)
/// so that it scans on dark and light themes alike; as plain text it relies on dark ink on a light page.
public enum QRCodeTerminalRenderer {
    /// The margin of light modules around the symbol.
    public static let quietZone = 2

    public static func render(_ matrix: QRCodeMatrix, ansiColors: Bool) -> String {
        let range = -quietZone..<(matrix.size + quietZone)
        var lines: [String] = []
        for top in stride(from: range.lowerBound, to: range.upperBound, by: 2) {
            var line = ansiColors ? "\u{1B}[30;47m" : ""
            for x in range {
                switch (matrix[x, top], matrix[x, top + 1]) {
                case (true, true): line += "█"
                case (true, false): line += "▀"
                case (false, true): line += "▄"
                case (false, false): line += " "
                }
            }
            line += ansiColors ? "\u{1B}[0m" : ""
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
