import MatterDataModel

/// A program an appliance runs (a wash, a drying, a dishwasher cycle, a bake): its phases in PhaseList order, each
/// with how long it lasts in milliseconds of the hub's clock. A phase of 0 is skipped (a Quick wash has no pre-wash).
public struct OperationalProgram: Hashable, Sendable {
    public var phases: [Int64]

    public init(phases: [Int64]) {
        self.phases = phases
    }

    /// The program's whole length.
    public var duration: Int64 { phases.reduce(0, +) }

    /// The phase under way after `elapsed` of program time, and the time to its end; nil once the program is done.
    func phase(after elapsed: Int64) -> (index: Int, endsIn: Int64)? {
        var end: Int64 = 0
        for (index, length) in phases.enumerated() where length > 0 {
            end += length
            if elapsed < end { return (index, end - elapsed) }
        }
        return nil
    }
}

/// A program running, paused or held by an error on one endpoint's Operational State cluster (or a derived one): its
/// timing on the hub's clock. It lives in `DeviceRuntime`, as transitions do; the node's attributes (OperationalState,
/// CurrentPhase, CountdownTime) are what it reports (`Hub+Programs`).
///
/// Program time runs only while the state is Running: a pause or an error holds it, a resume continues it.
public struct ProgramRun: Hashable, Sendable {
    public var program: OperationalProgram
    /// When it was started (Start, or the machine's own button).
    public var startedAt: Timestamp
    /// Program time run before `runningSince`.
    public var elapsed: Int64 = 0
    /// When it last started running; nil while it is held (paused or in error).
    public var runningSince: Timestamp?
    /// Time spent held before `heldSince`, and when the current hold began.
    public var held: Int64 = 0
    public var heldSince: Timestamp?

    public init(program: OperationalProgram, startedAt: Timestamp) {
        self.program = program
        self.startedAt = startedAt
        runningSince = startedAt
        nextAt = deadline(after: startedAt)
    }

    /// Program time run at `now`.
    public func programTime(at now: Timestamp) -> Int64 {
        elapsed + (runningSince.map { max(0, now - $0) } ?? 0)
    }

    /// The phase under way at `now` (nil when the program is done).
    public func phase(at now: Timestamp) -> Int? {
        program.phase(after: programTime(at: now))?.index
    }

    /// The program time left at `now`, in whole seconds rounded up (CountdownTime's unit).
    public func countdown(at now: Timestamp) -> Int64 {
        let left = max(0, program.duration - programTime(at: now))
        return (left + 999) / 1000
    }

    /// When the hub must next look at it: the end of the phase under way while it runs (`looked(at:)` moves it on);
    /// never while it is held.
    public private(set) var nextAt: Timestamp?

    /// The end of the phase under way at `now` while it runs, or now if the program is done; nil while it is held.
    func deadline(after now: Timestamp) -> Timestamp? {
        guard runningSince != nil else { return nil }
        guard let (_, endsIn) = program.phase(after: programTime(at: now)) else { return now }
        return now + endsIn
    }

    /// The hub has reported it at `now`: its next deadline is the end of the phase under way then.
    public mutating func looked(at now: Timestamp) {
        nextAt = deadline(after: now)
    }

    /// Total time since it started and the part of it spent held, in seconds: OperationCompletion's
    /// TotalOperationalTime and PausedTime (Application Cluster Specification 1.14.7.2).
    public func times(at now: Timestamp) -> (total: Int64, paused: Int64) {
        let paused = held + (heldSince.map { max(0, now - $0) } ?? 0)
        return ((now - startedAt) / 1000, paused / 1000)
    }

    /// Holds program time (a pause, an error).
    public mutating func hold(at now: Timestamp) {
        guard let since = runningSince else { return }
        elapsed += max(0, now - since)
        runningSince = nil
        heldSince = now
        nextAt = nil
    }

    /// Skips phase `index` at `now`: the phase under way ends now (it lasts as long as it has run), a later one is
    /// left out (it lasts 0); an earlier one is done already.
    public mutating func skip(phase index: Int, at now: Timestamp) {
        guard program.phases.indices.contains(index) else { return }
        let time = programTime(at: now)
        let start = program.phases[..<index].reduce(0, +)
        guard time < start + program.phases[index] else { return }
        program.phases[index] = max(0, time - start)
        nextAt = deadline(after: now)
    }

    /// Lets program time run again from where it was held (a resume).
    public mutating func release(at now: Timestamp) {
        guard runningSince == nil else { return }
        held += heldSince.map { max(0, now - $0) } ?? 0
        heldSince = nil
        runningSince = now
        nextAt = deadline(after: now)
    }
}
