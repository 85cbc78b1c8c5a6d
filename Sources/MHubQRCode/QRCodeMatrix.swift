internal import CQRencode

/// The modules of a QR code symbol, dark or light, row by row.
public struct QRCodeMatrix: Sendable, Equatable {
    /// Modules per side.
    public let size: Int
    private let modules: [Bool]

    public init(size: Int, modules: [Bool]) {
        precondition(modules.count == size * size, "a QR matrix is square")
        self.size = size
        self.modules = modules
    }

    /// Whether the module at column `x`, row `y` is dark; outside the symbol is light (the quiet zone).
    public subscript(x: Int, y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return modules[y * size + x]
    }

    /// Encodes text with libqrencode at error-correction level M, choosing the smallest version.
    ///
    /// `MT:` payloads use only QR alphanumeric characters, so libqrencode picks alphanumeric mode.
    public static func encode(_ text: String) -> QRCodeMatrix? {
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return nil }
        defer { QRcode_free(code) }
        let size = Int(code.pointee.width)
        // Bit 0 of each byte is the module's colour (qrencode.h, "Symbol data").
        let modules = (0..<size * size).map { code.pointee.data[$0] & 1 == 1 }
        return QRCodeMatrix(size: size, modules: modules)
    }
}
