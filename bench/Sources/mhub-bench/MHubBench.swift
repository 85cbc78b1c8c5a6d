import Foundation

/// `mhub-bench run`: every figure of bench/README.md for mhubd, the reference and the floor, in one run;
/// writes the report (Markdown and JSON) to the output directory. `mhub-bench floor`: the floor server.
@main
struct MHubBench {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        do {
            switch arguments.first {
            case "floor":
                var port: UInt16 = 0
                var unix = ""
                var readyFile: String?
                var rest = arguments.dropFirst()
                while let flag = rest.popFirst(), let value = rest.popFirst() {
                    if flag == "--port" { port = UInt16(value) ?? 0 }
                    if flag == "--unix" { unix = value }
                    if flag == "--ready-file" { readyFile = value }
                }
                let server = try FloorServer(tcpPort: port, unixPath: unix)
                if let readyFile { try server.announce(to: readyFile) }
                server.run()
            case "run":
                try run(Options(arguments.dropFirst()))
            default:
                throw BenchFailure(Options.usage)
            }
        } catch {
            FileHandle.standardError.write(Data("mhub-bench: \(error)\n".utf8))
            exit(1)
        }
    }

    static func run(_ options: Options) throws {
        signal(SIGPIPE, SIG_IGN)
        raiseOpenFileLimit()
        try? FileManager.default.removeItem(atPath: options.work)
        try FileManager.default.createDirectory(atPath: options.work, withIntermediateDirectories: true)
        var bench = BenchRun(options: options)
        switch options.only {
        case "burst": try bench.burstOnly()
        case "case": try bench.handshakes()
        case "commissioning": try bench.commissioning()
        case "bridge": try bench.bridge()
        case "instances": try bench.instances()
        case "timeline": try bench.virtualTimeline()
        case "requests": try bench.requestsOnly()
        case "fanout": try bench.fanoutOnly()
        case "sessions": try bench.sessions()
        case "devices": try bench.networkDevices()
        case "homekit": try bench.homeKit()
        case "home":
            for column in bench.mhubColumns { try bench.mhubLargeHome(column) }
            bench.noteHomeWriteRatios()
        default:
            try bench.floor()
            for column in bench.mhubColumns { try bench.mhub(column) }
            try bench.pipelined()
            try bench.sessions()
            try bench.handshakes()
            for column in bench.mhubColumns { try bench.mhubLargeHome(column) }
            bench.noteHomeWriteRatios()
            try bench.instances()
            try bench.virtualTimeline()
            try bench.bridge()
            try bench.networkDevices()
            try bench.homeKit()
            try bench.reference()
            try bench.referenceLargeHome()
            try bench.commissioning()
        }
        // Rows are recorded by their index; the order shown and the filter of a partial run come after.
        bench.report.figures = bench.arrangedFigures
        if options.only != nil {
            bench.report.figures = bench.report.figures.filter { $0.mhub != nil || $0.floor != nil }
        }

        // The HomeKit rows' reference is HAP-python or the control socket (each row names its own), never
        // python-matter-server.
        let referenceName = options.only == "homekit" ? "the row's reference" : "python-matter-server 7.0.1"
        let machine = Machine.describe()
        let table = bench.report.markdown(referenceName: referenceName)
        let date = ISO8601DateFormatter().string(from: bench.report.started)
        let markdown = "Run \(date) on \(machine)\(options.quick ? " (--quick)" : "").\n\n\(table)\n"
        try FileManager.default.createDirectory(atPath: options.output, withIntermediateDirectories: true)
        try markdown.write(toFile: options.output + "/latest.md", atomically: true, encoding: .utf8)
        try bench.report.json(referenceName: referenceName).write(
            toFile: options.output + "/latest.json", atomically: true, encoding: .utf8)
        print(markdown)
    }
}
