import Foundation
import MHubJSON

/// How long real controllers take to commission mhubd end to end, as `bench/commission-time.sh` measures it in the
/// peer tests' two-namespace network: each controller's durations in seconds, and the first failure of each.
struct EndToEndCommissioning {
    var seconds: [String: Sample] = [:]
    var failures: [String: String] = [:]

    /// Runs the script (root: network and mount namespaces) for `runs` commissionings per controller.
    static func measure(script: String, mhubd: String, mhubctl: String, work: String, runs: Int) throws
        -> EndToEndCommissioning
    {
        let (status, output) = try ChildProcess.output(
            of: script,
            ["--mhubd", mhubd, "--mhubctl", mhubctl, "--work", work + "/commissioning", "--runs", String(runs)])
        guard status == 0 else { throw BenchFailure("\(script) ended with \(status)") }
        var result = EndToEndCommissioning()
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
            guard let run = try? JSONParser().parse(String(line)), case .string(let controller)? = run["controller"]
            else { continue }
            if case .double(let value)? = run["seconds"] {
                result.seconds[controller, default: Sample()].append(value)
            } else if case .integer(let value)? = run["seconds"] {
                result.seconds[controller, default: Sample()].append(Double(value))
            } else if result.failures[controller] == nil {
                result.failures[controller] = "\(run["error"] ?? .null)"
            }
        }
        return result
    }
}
