import MatterDataModel
import Testing

@Suite struct ClusterCatalogNamesTests {
    @Test(arguments: [
        ("1/OnOff/onOff", "1/6/0"), ("1/onoff/OnOff", "1/6/0"), ("1/6/0", "1/6/0"), ("0x1/0x0006/0x0", "1/6/0"),
        ("1/LevelControl/currentLevel", "1/8/0"), ("0/BasicInformation/vendorName", "0/40/1"),
        ("1/BooleanState/stateValue", "1/69/0"),
    ])
    func namesAndNumbersBecomeNumbers(text: String, numeric: String) {
        #expect(ClusterCatalog.numericPath(text, wildcards: false) == .success(numeric))
    }

    @Test func wildcardsOnlyWhereAllowed() {
        #expect(ClusterCatalog.numericPath("*/OnOff/*", wildcards: true) == .success("*/6/*"))
        #expect(ClusterCatalog.numericPath("*/OnOff/*", wildcards: false) == .failure(.wildcard("*/OnOff/*")))
    }

    @Test(arguments: [
        ("1/6", ClusterCatalog.PathProblem.shape("1/6")), ("x/6/0", .endpoint("x")),
        ("1/Toaster/0", .cluster("Toaster")),
        ("1/OnOff/brightness", .attribute("brightness", cluster: "OnOff")),
        ("1/99999/x", .attribute("x", cluster: "99999")),
    ])
    func badPathsSayWhy(text: String, problem: ClusterCatalog.PathProblem) {
        #expect(ClusterCatalog.numericPath(text, wildcards: false) == .failure(problem))
    }
}
