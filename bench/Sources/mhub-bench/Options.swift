/// `mhub-bench run`'s options and the sizes of each measurement.
struct Options {
    var mhubd = ".build/release/mhubd"
    /// `--before PATH`: another mhubd build (the commit before a change) measured the same way in the same run, in
    /// its own column, with the ratio of the two.
    var before: String?
    /// scripts/ohf-server.sh; without it the reference column stays empty.
    var referenceScript: String?
    var work = "/tmp/mhub-bench"
    var output = "bench/results"
    var quick = false
    /// `--only burst|case|commissioning|instances|timeline|bridge|home|requests|sessions|fanout|devices|homekit`: only those
    /// figures (the mutating burst or CASE for the floor and mhubd; end-to-end commissioning by real controllers; the
    /// many-instances figures; the virtual clock's timeline; the bridge's reads and reports, for the floor and mhubd;
    /// the large home's start-up, memory and writes beside the 1-device home's writes, and the start-up and memory of
    /// a large home of mixed kinds; the request round trips and rates; the full commissioning sessions; an attribute
    /// change to 100 and 1,000 listeners; the devices on the network's idle cost, commissioning and reads; the
    /// HomeKit face's Pair Verify handshakes and characteristic writes).
    var only: String?
    /// bench/commission-time.sh (root): the end-to-end commissioning figures; without it they stay empty.
    var commissioningScript: String?
    /// mhubctl, for the commissioning script (the hub's window and PAA).
    var mhubctl = ".build/release/mhubctl"
    /// `--hap-python PYTHON`: a Python with HAP-python 5.0.0, which runs `hapReference` as the HomeKit figures'
    /// reference; without it their reference column stays empty.
    var hapPython: String?
    /// The reference HAP accessory HAP-python runs (`--hap-reference`).
    var hapReference = "bench/hap-reference.py"

    var roundTrips: Int { quick ? 1_000 : 5_000 }
    var pipelinedRequests: Int { quick ? 4_000 : 20_000 }
    var fanoutRounds: Int { quick ? 5 : 20 }
    var commissioningSessions: Int { quick ? 50 : 200 }
    var paseHandshakes: Int { quick ? 30 : 200 }
    var caseHandshakes: Int { quick ? 30 : 200 }
    /// Rounds in which the floor and the mhubd columns take turns (`alternating`), and the untimed repetitions each
    /// makes before them.
    var alternatingRounds: Int { quick ? 3 : 10 }
    var warmUp: Int { quick ? 3 : 10 }
    /// Commissionings per controller, end to end (each from a fresh state on both sides).
    var commissioningRuns: Int { quick ? 3 : 5 }
    var largeHome: Int { quick ? 1_000 : 10_000 }
    let burstRequests = 1_000
    var burstRounds: Int { quick ? 5 : 30 }
    /// Serial `device_command` round trips into each home, and rounds of `burstRequests` pipelined ones.
    var homeWriteRoundTrips: Int { quick ? 300 : 2_000 }
    var homeWriteRounds: Int { quick ? 3 : 10 }
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
    /// How many devices on the network the idle rows have, and how many of them are commissioned one after another.
    let networkDevices = 50
    let networkCommissionings = 10
    /// How long both idle mhubd are left alone while their CPU time is counted.
    var idleSeconds: Double { quick ? 5 : 10 }
    /// Pair Verify handshakes per server and concurrency, and characteristic writes per path (`homekit()`).
    var homeKitHandshakes: Int { quick ? 100 : 1_000 }
    var homeKitWrites: Int { quick ? 300 : 2_000 }

    static let usage = """
        usage: mhub-bench run [--mhubd PATH] [--before PATH] [--reference scripts/ohf-server.sh]
                              [--commissioning bench/commission-time.sh] [--mhubctl PATH] [--work DIR] [--output DIR] [--quick]
                              [--hap-python PYTHON] [--hap-reference bench/hap-reference.py]
                              [--only burst|case|commissioning|instances|timeline|bridge|home|requests|sessions|fanout|devices|homekit]
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
            case "--before": before = value
            case "--reference": referenceScript = value
            case "--commissioning": commissioningScript = value
            case "--mhubctl": mhubctl = value
            case "--hap-python": hapPython = value
            case "--hap-reference": hapReference = value
            case "--work": work = value
            case "--output": output = value
            case "--only":
                let selections = [
                    "burst", "case", "commissioning", "instances", "timeline", "bridge", "home", "requests", "sessions",
                    "fanout", "devices", "homekit",
                ]
                guard selections.contains(value) else {
                    throw BenchFailure(
                        "--only takes \(selections.joined(separator: ", "))\n\(Self.usage)")
                }
                only = value
            default: throw BenchFailure("unknown option \(flag)\n\(Self.usage)")
            }
        }
    }
}
