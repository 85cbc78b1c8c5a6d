import Testing

@testable import MHubConfiguration
@testable import MHubEventLoop

/// Priority prefixes follow where standard error really goes (systemd.exec(5), `$JOURNAL_STREAM`).
@Suite struct LoggerTests {
    @Test func journalStreamMatchingStandardErrorGetsPriorities() {
        #expect(
            Logger.usesPriorityPrefixes(
                journalStream: JournalStream(device: 8, inode: 99), standardError: (8, 99), isTerminal: false))
    }

    @Test func anInheritedJournalStreamDoesNotMakeATerminalTheJournal() {
        // A shell started from a service inherits JOURNAL_STREAM, but its stderr is a terminal.
        #expect(
            !Logger.usesPriorityPrefixes(
                journalStream: JournalStream(device: 8, inode: 99), standardError: (136, 3), isTerminal: true))
        #expect(!Logger.usesPriorityPrefixes(journalStream: nil, standardError: (136, 3), isTerminal: true))
    }

    @Test func pipesAndFilesGetPriorities() {
        #expect(Logger.usesPriorityPrefixes(journalStream: nil, standardError: (12, 5), isTerminal: false))
        #expect(
            Logger.usesPriorityPrefixes(
                journalStream: JournalStream(device: 8, inode: 99), standardError: (12, 5), isTerminal: false))
    }

    @Test func copiesShareOneLevel() {
        let logger = Logger(level: .info)
        let copy = logger
        copy.level = .debug
        #expect(logger.level == .debug)
        logger.level = .error
        #expect(copy.level == .error)
    }
}
