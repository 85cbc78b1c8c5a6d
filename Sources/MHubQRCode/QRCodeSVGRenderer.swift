/// Draws a QR code as an SVG image, for the dashboard (docs/dashboard.md).
///
/// One path of unit squares (a run of dark modules in a row is one rectangle) on a white square with the four-module
/// quiet zone ISO/IEC 18004 §7.3.7 asks for, with crisp edges so that a scaled screenshot still decodes.
public enum QRCodeSVGRenderer {
    /// The margin of light modules around the symbol.
    public static let quietZone = 4

    public static func render(_ matrix: QRCodeMatrix) -> String {
        let side = matrix.size + 2 * quietZone
        var path = ""
        for y in 0..<matrix.size {
            var x = 0
            while x < matrix.size {
                guard matrix[x, y] else {
                    x += 1
                    continue
                }
                var run = 1
                while x + run < matrix.size, matrix[x + run, y] { run += 1 }
                path += "M\(x + quietZone) \(y + quietZone)h\(run)v1h-\(run)z"
                x += run
            }
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\" "
            + "shape-rendering=\"crispEdges\"><rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/>"
            + "<path fill=\"#000\" d=\"\(path)\"/></svg>\n"
    }
}
