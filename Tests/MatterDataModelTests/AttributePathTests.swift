import Testing

@testable import MatterDataModel

@Suite struct AttributePathTests {
    @Test func parsesAndPrintsTheOHFForm() {
        let path = AttributePath(endpoint: 1, cluster: 6, attribute: 0)
        #expect(path.description == "1/6/0")
        #expect(AttributePath("1/6/0") == path)
        #expect(AttributePath("1/6") == nil)
        #expect(AttributePath("1/6/x") == nil)
        #expect(AttributePath("70000/6/0") == nil)
        #expect(AttributePath("1/6/0/") == nil)
    }
}
