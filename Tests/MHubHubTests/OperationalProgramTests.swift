import MatterDataModel
import Testing

@testable import MHubHub

/// A program's timing on its own: phases, holds and the times OperationCompletion reports.
@Suite struct OperationalProgramTests {
    let program = OperationalProgram(phases: [10_000, 0, 20_000, 5_000])

    @Test func phasesFollowProgramTimeAndSkipEmptyOnes() {
        let run = ProgramRun(program: program, startedAt: 1_000)
        #expect(run.phase(at: 1_000) == 0)
        #expect(run.countdown(at: 1_000) == 35)
        #expect(run.nextAt == 11_000)
        #expect(run.phase(at: 11_000) == 2)
        #expect(run.phase(at: 31_000) == 3)
        #expect(run.phase(at: 36_000) == nil)
        // A second not yet run counts whole.
        #expect(run.countdown(at: 1_500) == 35)
    }

    @Test func aHoldStopsProgramTimeAndAReleaseContinuesIt() {
        var run = ProgramRun(program: program, startedAt: 0)
        run.hold(at: 4_000)
        #expect(run.nextAt == nil)
        #expect(run.programTime(at: 60_000) == 4_000)
        run.release(at: 64_000)
        #expect(run.nextAt == 70_000)
        #expect(run.phase(at: 70_000) == 2)
        // 35 s of program and 60 s held: it ends 95 s after it started.
        #expect(run.phase(at: 94_999) == 3)
        #expect(run.phase(at: 95_000) == nil)
        let times = run.times(at: 95_000)
        #expect(times.total == 95)
        #expect(times.paused == 60)
    }

    @Test func lookingMovesTheDeadlineToTheEndOfThePhaseUnderWay() {
        var run = ProgramRun(program: program, startedAt: 0)
        run.looked(at: 12_000)
        #expect(run.nextAt == 30_000)
        run.looked(at: 40_000)
        #expect(run.nextAt == 40_000)
    }
}
