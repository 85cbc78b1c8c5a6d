import Testing

@testable import MHubDaemonRules

/// The one timer mechanism: a deadline re-arms the timer only when it is earlier than the armed one.
@Suite struct DeadlineScheduleTests {
    @Test func onlyAnEarlierDeadlineRearms() {
        var schedule = DeadlineSchedule()
        let arms = [500, 800, 500].map { schedule.needsArming(for: $0) }
        #expect(arms == [true, false, false])
        #expect(schedule.armedFor == 500)
        let earlier = schedule.needsArming(for: 200)
        #expect(earlier && schedule.armedFor == 200)
        schedule.wentOff()
        #expect(schedule.armedFor == nil)
        let afterwards = schedule.needsArming(for: 900)
        #expect(afterwards)
    }
}
