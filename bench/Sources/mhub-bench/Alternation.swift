/// Work of one column, measured in turns with the other columns' work of the same kind: `run(n)` does `n` more
/// repetitions of it (handshakes, sessions).
struct Contender {
    let column: BenchRun.Column
    let run: (Int) throws -> Void
}

/// Each contender's repetitions per second, in `contenders`' order: `warmUp` untimed repetitions each first (a
/// process's first handshakes pay for its page faults and lazy bindings), then `rounds` rounds in which each does
/// `count / rounds` timed repetitions, the first turn passing to the next contender every round.
///
/// Measured one after the other, a floor timed in one minute and mhubd in the next differed by up to 1.8× on this
/// 2-core virtual machine while neither changed (PASE floor 373–666 /s in five runs): the host's other tenants and
/// the CPUs' clocks move the machine's speed over seconds. In alternating rounds each contender meets the same
/// machine, so their ratio holds still.
func alternating(_ contenders: [Contender], count: Int, rounds: Int, warmUp: Int) throws -> [Double] {
    let rounds = max(1, min(rounds, count))
    for contender in contenders where warmUp > 0 {
        try contender.run(warmUp)
    }
    var seconds = [Double](repeating: 0, count: contenders.count)
    var done = [Int](repeating: 0, count: contenders.count)
    for round in 0..<rounds {
        let repetitions = count / rounds + (round < count % rounds ? 1 : 0)
        for turn in 0..<contenders.count {
            let index = (round + turn) % contenders.count
            let start = monotonicSeconds()
            try contenders[index].run(repetitions)
            seconds[index] += monotonicSeconds() - start
            done[index] += repetitions
        }
    }
    return zip(done, seconds).map { Double($0) / $1 }
}
