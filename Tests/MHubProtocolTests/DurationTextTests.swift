import MHubProtocol
import Testing

@Suite struct DurationTextTests {
    @Test(
        arguments: [
            ("250ms", 250), ("30s", 30_000), ("1m30s", 90_000), ("2h", 7_200_000), ("1h2m3s4ms", 3_723_004),
            ("1500", 1500), ("0", 0), ("0s", 0), ("10m", 600_000),
        ] as [(String, Int64)])
    func readsWhatPeopleWrite(text: String, milliseconds: Int64) {
        #expect(DurationText.milliseconds(text) == milliseconds)
    }

    @Test(arguments: ["", "s", "-5", "1.5s", "30 s", "1s1m", "1m1m", "3d", "10x", "99999999999999999999h"])
    func refusesWhatIsNotADuration(text: String) {
        #expect(DurationText.milliseconds(text) == nil, "\(text)")
    }

    @Test(arguments: [0, 1, 999, 1000, 90_500, 3_723_004, 86_400_000] as [Int64])
    func writesTextThatReadsBack(milliseconds: Int64) {
        #expect(DurationText.milliseconds(DurationText.text(milliseconds)) == milliseconds)
    }
}
