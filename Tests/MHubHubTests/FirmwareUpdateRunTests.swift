import MHubConfiguration
import Testing

@testable import MHubHub

/// A firmware update as a state machine: its stages and their times, and where the `update_failure` fault ends it.
@Suite struct FirmwareUpdateRunTests {
    static let offer = FirmwareOffer(version: 2, versionString: "1.1.0", sizeBytes: 1 << 20)

    /// Every step of a run until it ends, with the time each was due.
    static func steps(failsAt: FirmwareUpdateRun.Stage?) -> [(Timestamp, FirmwareUpdateRun.Step)] {
        var run: FirmwareUpdateRun? = FirmwareUpdateRun(
            nodeID: 1, connectionID: 1, messageID: "1", offer: offer, now: 0, failsAt: failsAt)
        var steps: [(Timestamp, FirmwareUpdateRun.Step)] = []
        while let current = run, steps.count < 100 {
            let (step, next) = current.step(now: current.nextAt)
            steps.append((current.nextAt, step))
            run = next
        }
        return steps
    }

    @Test func anUpdateQueriesDownloadsByTenthsAppliesAndInstalls() {
        let steps = Self.steps(failsAt: nil)
        #expect(steps.map(\.1).first == .entered(.downloading, progress: 0))
        #expect(steps.map(\.1).dropFirst().prefix(9) == (1...9).map { .progressed($0 * 10) }[...])
        #expect(steps.map(\.1).suffix(2) == [.entered(.applying, progress: nil), .installed])
        // 500 ms querying, a second's download of 1 MiB, a second applying.
        let downloadTimes: [Timestamp] = (1...10).map { 500 + Int64($0) * 100 }
        let expected: [Timestamp] = [500] + downloadTimes + [2500]
        #expect(steps.map(\.0) == expected)
    }

    @Test(arguments: [
        (FirmwareUpdateRun.Stage.querying, FirmwareUpdateRun.Step.failed(.querying, progress: nil), Timestamp(500)),
        (.downloading, .failed(.downloading, progress: 50), 1100),
        (.applying, .failed(.applying, progress: nil), 2500),
    ])
    func theFaultEndsItAtItsStage(stage: FirmwareUpdateRun.Stage, last: FirmwareUpdateRun.Step, at: Timestamp) {
        let steps = Self.steps(failsAt: stage)
        #expect(steps.last?.1 == last)
        #expect(steps.last?.0 == at)
        #expect(!steps.contains { $0.1 == .installed })
    }

    @Test func theDownloadTakesTheImagesTimeWithinBounds() {
        #expect(FirmwareUpdateRun.downloadTime(bytes: 1) == 200)
        #expect(FirmwareUpdateRun.downloadTime(bytes: 3 << 20) == 3000)
        #expect(FirmwareUpdateRun.downloadTime(bytes: 4 << 30) == 600_000)
    }
}
