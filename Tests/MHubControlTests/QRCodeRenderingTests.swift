import MHubQRCode
import Testing

@Suite struct QRCodeRenderingTests {
    @Test func libqrencodeMakesAVersion2SymbolForAnOnboardingPayload() throws {
        let matrix = try #require(QRCodeMatrix.encode("MT:-24J0AFN00KA0648G00"))
        // 22 alphanumeric characters exceed version 1-M (20), so version 2: 25 modules a side.
        #expect(matrix.size == 25)
        for (x, y) in [(0, 0), (matrix.size - 7, 0), (0, matrix.size - 7)] {
            // Each finder pattern: dark 7×7 ring, light ring, dark 3×3 core.
            #expect(matrix[x, y] && matrix[x + 6, y] && matrix[x, y + 6] && matrix[x + 6, y + 6])
            #expect(!matrix[x + 1, y + 1] && matrix[x + 2, y + 2] && matrix[x + 4, y + 4])
        }
    }

    @Test func halfBlocksDrawEveryModuleExactlyOnce() throws {
        let matrix = try #require(QRCodeMatrix.encode("MT:Y.K9042C00KA0648G00"))
        let text = QRCodeTerminalRenderer.render(matrix, ansiColors: false)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let zone = QRCodeTerminalRenderer.quietZone
        let side = matrix.size + 2 * zone
        #expect(lines.count == (side + 1) / 2)
        for (row, line) in lines.enumerated() {
            let cells = Array(line)
            #expect(cells.count == side)
            for (column, cell) in cells.enumerated() {
                let x = column - zone
                let top = row * 2 - zone
                let expected: Character =
                    switch (matrix[x, top], matrix[x, top + 1]) {
                    case (true, true): "█"
                    case (true, false): "▀"
                    case (false, true): "▄"
                    case (false, false): " "
                    }
                #expect(cell == expected, "row \(row) column \(column)")
            }
        }
    }
}
