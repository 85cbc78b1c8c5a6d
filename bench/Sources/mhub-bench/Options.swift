/// `mhub-bench run`'s options and the sizes of each measurement.
struct Options {
    var mhubd = ".build/release/mhubd"
    /// scripts/ohf-server.sh; without it the reference column stays empty.
    var referenceScript: String?
    var work = "/tmp/mhub-bench"
    var output = "bench/results"
    var quick = false
    /// `--only burst|case|commissioning|instances|timeline|bridge`: only those figures (the mutating burst or CASE for
    /// the floor and mhubd; end-to-end commissioning by real controllers; the many-instances figures; the virtual
    /// clock's timeline; the bridge's reads and reports, for the floor and mhubd).
    var only: String?
    /// bench/commission-time.sh (root): the end-to-end commissioning figures; without it they stay empty.
    var commissioningScript: String?
    /// mhubctl, for the commissioning script (the hub's window and PAA).
    var mhubctl = ".build/release/mhubctl"

    var roundTrips: Int { quick ? 1_000 : 5_000 }
    var pipelinedRequests: Int { quick ? 4_000 : 20_000 }
    var fanoutRounds: Int { quick ? 5 : 20 }
    var commissioningSessions: Int { quick ? 50 : 200 }
    var paseHandshakes: Int { quick ? 30 : 200 }
    var caseHandshakes: Int { quick ? 30 : 200 }
    /// Commissionings per controller, end to end (each from a fresh state on both sides).
    var commissioningRuns: Int { quick ? 3 : 5 }
    var largeHome: Int { quick ? 1_000 : 10_000 }
    let burstRequests = 1_000
    var burstRounds: Int { quick ? 5 : 30 }
    var startups: Int { quick ? 1 : 3 }
    let clients = 1_000
    /// How many ephemeral instances start at once.
    let instances = 50
    let window = 32
    /// How many bridged devices each of the bridge rows' homes has.
    let bridgeHomes = [1, 1_000]
    /// Reads of the bridged light on each path, and changes of it heard on each path, per home.
    var bridgeReads: Int { quick ? 500 : 2_000 }
    var bridgeChanges: Int { quick ? 50 : 300 }

    static let usage = """
        usage: mhub-bench run [--mhubd PATH] [--reference scripts/ohf-server.sh] [--commissioning bench/commission-time.sh]
                              [--mhubctl PATH] [--work DIR] [--output DIR] [--quick] [--only burst|case|commissioning|instances|timeline|bridge]
               mhub-bench floor --port PORT --unix PATH [--ready-file PATH]
        """

    init(_ arguments: ArraySlice<String>) throws {
        var rest = arguments
        while let flag = rest.popFirst() {
            if flag == "--quick" {
                quick = true
                continue
            }
            guard let value = rest.popFirst() else { throw BenchFailure("\(flag) needs a value\n\(Self.usage)") }
            switch flag {
            case "--mhubd": mhubd = value
            case "--reference": referenceScript = value
            case "--commissioning": commissioningScript = value
            case "--mhubctl": mhubctl = value
            case "--work": work = value
            case "--output": output = value
            case "--only":
                guard ["burst", "case", "commissioning", "instances", "timeline", "bridge"].contains(value) else {
                    throw BenchFailure(
                        "--only takes burst, case, commissioning, instances, timeline or bridge\n\(Self.usage)")
                }
                only = value
            default: throw BenchFailure("unknown option \(flag)\n\(Self.usage)")
            }
        }
    }
}
