import Foundation
import MHubTestSupport
import Testing

/// The onboarding payload vectors in `Fixtures/onboarding-payload-vectors.json` (copied from the
/// project's shared test data: CHIP and matter.js tests, each re-decoded independently).
struct OnboardingVectors {
    let vectors: [[String: Any]]
    let invalidPasscodes: [UInt32]

    static func load() throws -> OnboardingVectors {
        let url = try #require(
            Bundle.module.url(
                forResource: "onboarding-payload-vectors", withExtension: "json", subdirectory: "Fixtures"))
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let vectors = try #require(root["vectors"] as? [[String: Any]])
        let passcodes = try #require(root["invalid_passcodes"] as? [Int]).map(UInt32.init)
        return OnboardingVectors(vectors: vectors, invalidPasscodes: passcodes)
    }

    func ofKind(_ kind: String) -> [[String: Any]] {
        vectors.filter { $0["kind"] as? String == kind }
    }
}
