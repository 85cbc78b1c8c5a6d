/// The modules of a QR code symbol, row by row, as the dashboard draws them; made by the I/O layer (libqrencode,
/// `MHubQRCode`), since this target calls no C library.
public struct QRModules: Sendable, Equatable {
    /// Modules per side.
    public let size: Int
    /// `size * size` flags, dark is `true`.
    public let dark: [Bool]

    public init(size: Int, dark: [Bool]) {
        precondition(dark.count == size * size, "a QR matrix is square")
        self.size = size
        self.dark = dark
    }

    /// The symbol as an SVG image: one path of unit squares, with the four-module quiet zone ISO/IEC 18004 §7.3.7
    /// asks for, and crisp edges so that a scaled screenshot still decodes.
    public var svg: String {
        let side = size + 8
        var path = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard dark[y * size + x] else {
                    x += 1
                    continue
                }
                var run = 1
                while x + run < size, dark[y * size + x + run] { run += 1 }
                path += "M\(x + 4) \(y + 4)h\(run)v1h-\(run)z"
                x += run
            }
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\" "
            + "shape-rendering=\"crispEdges\"><rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/>"
            + "<path fill=\"#000\" d=\"\(path)\"/></svg>\n"
    }
}
