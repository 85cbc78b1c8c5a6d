import MHubQRCode
import Testing

@Suite struct QRCodeSVGRendererTests {
    @Test func darkRunsBecomeOneRectangleEachInsideTheQuietZone() {
        // Row 0: dark, dark, light; row 1: light, dark, light; row 2: all light.
        let matrix = QRCodeMatrix(size: 3, modules: [true, true, false, false, true, false, false, false, false])
        let svg = QRCodeSVGRenderer.render(matrix)
        #expect(svg.contains("viewBox=\"0 0 11 11\""))
        #expect(svg.contains("d=\"M4 4h2v1h-2zM5 5h1v1h-1z\""))
        #expect(svg.contains("<rect width=\"11\" height=\"11\" fill=\"#fff\"/>"))
    }

    @Test func everyDarkModuleOfARealSymbolIsDrawnOnce() throws {
        let matrix = try #require(QRCodeMatrix.encode("MT:-24J0AFN00KA0648G00"))
        let svg = QRCodeSVGRenderer.render(matrix)
        let runs = svg.split(separator: "M").dropFirst().map { run -> Int in
            let width = run.split(separator: "h")[1].split(separator: "v")[0]
            return Int(width) ?? 0
        }
        let dark = (0..<matrix.size).flatMap { y in (0..<matrix.size).filter { matrix[$0, y] } }.count
        #expect(runs.reduce(0, +) == dark)
    }
}
