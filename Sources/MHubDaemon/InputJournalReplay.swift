import Foundation
import MHubHub

/// `mhubd --replay PATH`: the journal's file read and replayed (`InputReplay`), no socket opened.
public enum InputJournalReplay {
    /// The report's line, and whether every input gave the same answers.
    public static func run(path: String) -> (line: String, same: Bool) {
        guard let data = FileManager.default.contents(atPath: path) else {
            return ("cannot read \(path)", false)
        }
        let report = InputReplay.run(journal: String(decoding: data, as: UTF8.self))
        return ("\(path): \(report)", report.isSame)
    }
}
