import Testing

@testable import MHubHub

@Suite struct ShardedDictionaryTests {
    @Test func itHoldsWhatADictionaryHolds() {
        var table: ShardedDictionary<Int, String> = [:]
        var plain: [Int: String] = [:]
        #expect(table.isEmpty && table[1] == nil)
        for key in 0..<1_000 {
            table[key * 7] = "v\(key)"
            plain[key * 7] = "v\(key)"
        }
        table[7] = "changed"
        plain[7] = "changed"
        table[14]?.append("!")
        plain[14]?.append("!")
        for key in stride(from: 0, to: 7_000, by: 21) {
            #expect(table.removeValue(forKey: key) == plain.removeValue(forKey: key))
        }
        table[3] = nil
        table[21] = nil
        #expect(table.removeValue(forKey: 99_999) == nil)
        #expect(table.count == plain.count)
        #expect(table.dictionary == plain)
        #expect(Set(table.keys) == Set(plain.keys))
        #expect(table.values.sorted() == plain.values.sorted())
        #expect(Dictionary(uniqueKeysWithValues: table.map { ($0.key, $0.value) }) == plain)
        #expect(ShardedDictionary(plain) == table)
    }

    /// What changed while an undo log was kept (changes in place, replacements, insertions, removals, one key
    /// changed more than once, `removeAll`) is put back exactly, and nothing else is touched.
    @Test func anUndoLogPutsBackEveryKindOfChange() {
        var table: ShardedDictionary<Int, [Int]> = [:]
        for key in 0..<1_000 { table[key] = [key] }
        let original = table
        table.startUndoLog()
        #expect(table.keepsUndoLog)
        table[3]!.append(4)
        table[3]!.append(5)
        table[7] = [70]
        table[2_000] = [2_000]
        table.removeValue(forKey: 10)
        table[11] = nil
        #expect(table.removeValue(forKey: 99_999) == nil)
        var copy = table  // a copy taken meanwhile keeps the log too
        copy.removeAll()
        #expect(copy.isEmpty)
        let log = table.stopUndoLog()
        #expect(!table.keepsUndoLog && table != original && table.count == 999)
        table.undo(log!)
        #expect(table == original && table.count == 1_000)
        let copyLog = copy.stopUndoLog()
        copy.undo(copyLog!)
        #expect(copy == original)
        // Without a log there is nothing to stop; a table replaced whole has none.
        #expect(table.stopUndoLog() == nil)
        table.startUndoLog()
        table = [:]
        #expect(table.stopUndoLog() == nil)
    }

    /// A copy is a value: changing either leaves the other as it was.
    @Test func aCopyIsIndependent() {
        var original: ShardedDictionary<Int, [Int]> = [:]
        for key in 0..<500 { original[key] = [key] }
        let snapshot = original
        original[3]!.append(4)
        original[600] = [600]
        original.removeValue(forKey: 10)
        #expect(snapshot[3] == [3] && snapshot[600] == nil && snapshot[10] == [10] && snapshot.count == 500)
        #expect(original[3] == [3, 4] && original[600] == [600] && original[10] == nil && original.count == 500)
        #expect(snapshot != original)
    }

    /// Equality and hashing depend on the entries, not on the order they came in or on what came and went.
    @Test func equalityIgnoresHistory() {
        var forward: ShardedDictionary<Int, Int> = [:]
        var backward: ShardedDictionary<Int, Int> = [:]
        for key in 0..<300 { forward[key] = key }
        for key in (0..<300).reversed() { backward[key] = key }
        backward[1_000] = 1
        backward[1_000] = nil
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        var emptied = forward
        for key in 0..<300 { emptied[key] = nil }
        #expect(emptied == ShardedDictionary<Int, Int>())
        #expect(emptied.hashValue == ShardedDictionary<Int, Int>().hashValue)
        backward[5] = 6
        #expect(forward != backward)
    }
}
