/// `mhub-bench run`'s options and the sizes of each measurement.
struct Options {
    var mhubd = ".build/release/mhubd"
    /// bench/reference-server.sh; without it the reference column stays empty.
    var referenceScript: String?
    var work = "/tmp/mhub-bench"
    var output = "bench/results"
    var quick = false
    /// `--only burst`: only the mutating-burst figures, for the floor and mhubd; `--only instances`: only the
    /// many-instances figures.
    var only: String?

    var roundTrips: Int { quick ? 1_000 : 5_000 }
    var pipelinedRequests: Int { quick ? 4_000 : 20_000 }
    var fanoutRounds: Int { quick ? 5 : 20 }
    var commissioningSessions: Int { quick ? 50 : 200 }
    var paseHandshakes: Int { quick ? 30 : 200 }
    var largeHome: Int { quick ? 1_000 : 10_000 }
    let burstRequests = 1_000
    var burstRounds: Int { quick ? 5 : 30 }
    var startups: Int { quick ? 1 : 3 }
    let clients = 1_000
    /// How many ephemeral instances start at once.
    let instances = 50
    let window = 32

    static let usage = """
        usage: mhub-bench run [--mhubd PATH] [--reference bench/reference-server.sh] [--work DIR] [--output DIR] [--quick] [--only burst|instances]
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
            case "--work": work = value
            case "--output": output = value
            case "--only":
                guard ["burst", "instances"].contains(value) else {
                    throw BenchFailure("--only takes burst or instances\n\(Self.usage)")
                }
                only = value
            default: throw BenchFailure("unknown option \(flag)\n\(Self.usage)")
            }
        }
    }
}
