import Testing

@testable import MHubDashboard

@Suite struct QRModulesTests {
    @Test func darkRunsBecomeOneRectangleEachInsideTheQuietZone() {
        // Row 0: dark, dark, light; row 1: light, dark, light; row 2: all light.
        let modules = QRModules(size: 3, dark: [true, true, false, false, true, false, false, false, false])
        let svg = modules.svg
        #expect(svg.contains("viewBox=\"0 0 11 11\""))
        #expect(svg.contains("d=\"M4 4h2v1h-2zM5 5h1v1h-1z\""))
        #expect(svg.contains("<rect width=\"11\" height=\"11\" fill=\"#fff\"/>"))
    }
}
